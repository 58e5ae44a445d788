#!/usr/bin/env node
// `npm run content:import -- PATH [--dry-run]`: real files behind the catalogue's entries.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuild, ROOT, SERVER_ENTRY } from "./ensure-build.js";

// npm runs scripts in the project's folder and says where the command was typed in
// INIT_CWD: a relative PATH means that folder.
const typedIn = process.env.INIT_CWD ?? process.cwd();
process.chdir(ROOT);
ensureBuild({ quiet: true });
process.env.NODE_ENV ??= "production";
const { runContentImport } = await import(pathToFileURL(SERVER_ENTRY).href);
process.exitCode = await runContentImport(
  process.argv.slice(2).map((arg) => (arg.startsWith("-") ? arg : path.resolve(typedIn, arg))),
);
