import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Database, DatabaseHandle } from "#database/client.server";
import { siteState } from "#database/schema";
import { loadArticles, sizeArticlePictures } from "#app/features/articles/public.server";
import {
  loadCatalogue,
  makeDeferredSamples,
  readCatalogueContent,
} from "#app/features/catalogue/public.server";
import { indexPagesAndQuizzes } from "#app/features/search/public.server";
import type { FileStorage } from "#app/lib/file-storage.server";
import type { Logger } from "#app/lib/logger";

/** What the server opens at start: the database, where files are kept, and the logger. */
export type ServerParts = { database: DatabaseHandle; storage: FileStorage; logger: Logger };

/** Nothing when `fingerprint` is what it was last prepared from (docs/decisions/0057-start-within-a-second.md). */
export async function prepareDatabase(parts: ServerParts & { fingerprint?: string }) {
  const { database, storage, logger, fingerprint } = parts;
  const started = Date.now();
  if (fingerprint && (await lastPrepared(database.db)) === fingerprint) {
    logger.info({ database: database.kind, ms: Date.now() - started }, "database ready, unchanged");
    return;
  }
  // Servers started together on one PostgreSQL: one prepares, the others find it done.
  await database.oneAtATime(async () => {
    if (fingerprint && (await lastPrepared(database.db)) === fingerprint) return;
    await database.migrate();
    const content = await readCatalogueContent();
    await loadCatalogue({
      db: database.db,
      storage,
      content,
      logger,
      // Samples are made after the start (makeSamplesInBackground) or by the first download.
      deferSamples: true,
    });
    await loadArticles({ db: database.db, logger });
    await sizeArticlePictures({ db: database.db, storage, logger });
    await indexPagesAndQuizzes(database.db, content);
    if (fingerprint)
      await database.db
        .insert(siteState)
        .values({ key: PREPARED, value: fingerprint })
        .onConflictDoUpdate({ target: siteState.key, set: { value: fingerprint } });
  });
  logger.info({ database: database.kind, ms: Date.now() - started }, "database ready");
}

/** A download that comes first makes its own sample. */
export function makeSamplesInBackground({ database, storage, logger }: ServerParts) {
  const stopping = new AbortController();
  const { signal } = stopping;
  const pass = makeDeferredSamples({ db: database.db, storage, logger, signal }).then(
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

async function lastPrepared(db: Database): Promise<string | undefined> {
  try {
    const [row] = await db.select().from(siteState).where(eq(siteState.key, PREPARED));
    return row?.value;
  } catch {
    return undefined;
  }
}

export function preparedFingerprint(folders: readonly string[]): string {
  // Synchronously: ~120 files took 60–70 ms through the event loop, 7–17 ms so.
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
