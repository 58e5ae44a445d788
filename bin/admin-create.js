#!/usr/bin/env node
// `npm run admin:create -- --username NAME`: makes an admin, or promotes an existing user.
import { pathToFileURL } from "node:url";
import { ensureBuild, ROOT, SERVER_ENTRY } from "./ensure-build.js";

process.chdir(ROOT);
ensureBuild({ quiet: true });
process.env.NODE_ENV ??= "production";
const { runAdminCreate } = await import(pathToFileURL(SERVER_ENTRY).href);
process.exitCode = await runAdminCreate(process.argv.slice(2));
