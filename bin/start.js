#!/usr/bin/env node
// `npm start`: builds when the build is missing or older than its sources, then serves
// the production server.
import { pathToFileURL } from "node:url";
import { EARLY_DATABASE_ENTRY, ensureBuild, ROOT, SERVER_ENTRY } from "./ensure-build.js";

process.chdir(ROOT);
ensureBuild();
process.env.NODE_ENV ??= "production";
// The embedded database opens on its own thread while the server's code loads
// (docs/decisions/0066-embedded-database-in-a-worker.md).
const early = await import(pathToFileURL(EARLY_DATABASE_ENTRY).href);
early.openEmbeddedDatabaseEarly(process.env);
const { start } = await import(pathToFileURL(SERVER_ENTRY).href);
await start();
