import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Database, DatabaseHandle } from "#database/client.server";
import { siteState } from "#database/schema";
import { loadArticles } from "#app/features/articles/public.server";
import {
  loadCatalogue,
  makeDeferredSamples,
  readCatalogueContent,
} from "#app/features/catalogue/public.server";
import { indexPagesAndQuizzes } from "#app/features/search/public.server";
import type { FileStorage } from "#app/lib/file-storage.server";
import type { Logger } from "#app/lib/logger";

/**
 * Before the first request: the current schema, then the catalogue content files
 * loaded (idempotently) with a sample behind every download, and the quizzes made searchable.
 * With a `fingerprint` (preparedFingerprint) the database was last prepared from, nothing is
 * done: a restart answers within a second (docs/decisions/0057-start-within-a-second.md).
 */
export async function prepareDatabase({
  database,
  storage,
  logger,
  deferSamples = true,
  fingerprint,
}: {
  database: DatabaseHandle;
  storage: FileStorage;
  logger: Logger;
  /** What the code, content files and migrations are now; unset, everything is checked. */
  fingerprint?: string;
  /**
   * Leave the sample files for this process to make once it listens (makeSamplesInBackground).
   * A cluster's primary never listens, and its server processes never loaded the catalogue,
   * so it makes them before it starts them.
   */
  deferSamples?: boolean;
}) {
  const started = Date.now();
  if (fingerprint && (await lastPrepared(database.db)) === fingerprint) {
    logger.info({ database: database.kind, ms: Date.now() - started }, "database ready, unchanged");
    return;
  }
  // Several servers may start at once on one PostgreSQL: one prepares, the others wait and
  // then find nothing left to do.
  await database.oneAtATime(async () => {
    await database.migrate();
    await loadCatalogue({
      db: database.db,
      storage,
      content: await readCatalogueContent(),
      logger,
      deferSamples,
    });
    await loadArticles({ db: database.db, logger });
    // Materials, subjects and articles are kept in the search by the database itself.
    await indexPagesAndQuizzes(database.db);
    if (fingerprint)
      await database.db
        .insert(siteState)
        .values({ key: PREPARED, value: fingerprint })
        .onConflictDoUpdate({ target: siteState.key, set: { value: fingerprint } });
  });
  logger.info({ database: database.kind, ms: Date.now() - started }, "database ready");
}

/**
 * After the server listens: the sample files the catalogue load left for later, one at a
 * time, while requests are served. A failure is logged; a download makes its sample itself.
 * `stop()` ends the pass after the sample being made, so that a stopping server closes its
 * database and exits with nothing half-done behind it.
 */
export function makeSamplesInBackground({
  database,
  storage,
  logger,
}: {
  database: DatabaseHandle;
  storage: FileStorage;
  logger: Logger;
}): { stop(): Promise<void> } {
  const stopping = new AbortController();
  const pass = makeDeferredSamples({
    db: database.db,
    storage,
    logger,
    signal: stopping.signal,
  }).then(
    () => {},
    (error: unknown) =>
      logger.warn({ err: error }, "catalogue samples were not all made; downloads make their own"),
  );
  return {
    stop() {
      stopping.abort();
      return pass;
    },
  };
}

const PREPARED = "prepared";

/** The fingerprint the database was last prepared from; none before the table exists. */
async function lastPrepared(db: Database): Promise<string | undefined> {
  try {
    const [row] = await db.select().from(siteState).where(eq(siteState.key, PREPARED));
    return row?.value;
  } catch {
    // An older schema: the migrations will make the table.
    return undefined;
  }
}

/**
 * One hash of every file under `folders` (names and bytes, in a fixed order): the server's
 * build, the content files and the migrations. Any change, an upgrade included, prepares the
 * database again; ~6 MB in ~120 files, 7–17 ms.
 */
export function preparedFingerprint(folders: readonly string[]): string {
  // Read synchronously: it runs once, before the server listens, and ~120 files read one
  // after another through the event loop took 60–70 ms against 7–17 ms
  // (docs/decisions/0057-start-within-a-second.md).
  const hash = createHash("sha256");
  for (const folder of folders) {
    for (const file of filesUnder(folder)) {
      hash.update(`${path.relative(folder, file)}\0`);
      hash.update(readFileSync(file));
      hash.update("\0");
    }
    hash.update("\n");
  }
  return hash.digest("hex");
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}
