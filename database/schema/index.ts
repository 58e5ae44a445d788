// One file per domain; each is re-exported here so that Drizzle sees the whole schema.
export * from "./accounts";
export * from "./catalogue";
export * from "./files";
