// One file per domain; each is re-exported here so that Drizzle sees the whole schema.
export * from "./accounts";
export * from "./admin";
export * from "./articles";
export * from "./catalogue";
export * from "./classes";
export * from "./files";
export * from "./jobs";
export * from "./progress";
export * from "./rate-limits";
export * from "./review";
export * from "./search";
export * from "./site-state";
