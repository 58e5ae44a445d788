#!/usr/bin/env node
// `npm run dev`: the same Express server with Vite's dev middleware and hot reload of pages.
import { createServer } from "vite";

process.env.NODE_ENV ??= "development";
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { start } = await vite.ssrLoadModule("./server/app.ts");
await start({ vite });
