// The last build step: the embedded database a fresh start begins from (server/database-template.ts).
import { pathToFileURL } from "node:url";

const { writeDatabaseTemplate } = await import(pathToFileURL("build/server/index.js").href);
await writeDatabaseTemplate();
