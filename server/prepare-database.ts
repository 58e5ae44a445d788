import type { DatabaseHandle } from "../database/client.server";
import type { Logger } from "./logger";

/** Brings the database to the current schema before the first request is served. */
export async function prepareDatabase({ database, logger }: { database: DatabaseHandle; logger: Logger }) {
  const started = Date.now();
  await database.migrate();
  logger.info({ database: database.kind, ms: Date.now() - started }, "database ready");
}
