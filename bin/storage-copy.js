#!/usr/bin/env node
// `npm run storage:copy -- --to s3`: copies the disk store's files into the S3 store.
import { pathToFileURL } from "node:url";
import { ensureBuild, ROOT, SERVER_ENTRY } from "./ensure-build.js";

process.chdir(ROOT);
ensureBuild({ quiet: true });
process.env.NODE_ENV ??= "production";
const { runStorageCopy } = await import(pathToFileURL(SERVER_ENTRY).href);
process.exitCode = await runStorageCopy(process.argv.slice(2));
