#!/usr/bin/env node
// `npm start`: builds when the build is missing or older than its sources, then serves
// the production server.
import { pathToFileURL } from "node:url";
import { ensureBuild, ROOT, SERVER_ENTRY } from "./ensure-build.js";

process.chdir(ROOT);
ensureBuild();
process.env.NODE_ENV ??= "production";
const { start } = await import(pathToFileURL(SERVER_ENTRY).href);
await start();
