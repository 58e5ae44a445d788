import type { DatabaseHandle } from "#database/client.server";
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
 */
export async function prepareDatabase({
  database,
  storage,
  logger,
  deferSamples = true,
}: {
  database: DatabaseHandle;
  storage: FileStorage;
  logger: Logger;
  /**
   * Leave the sample files for this process to make once it listens (makeSamplesInBackground).
   * A cluster's primary never listens, and its server processes never loaded the catalogue,
   * so it makes them before it starts them.
   */
  deferSamples?: boolean;
}) {
  const started = Date.now();
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
  });
  logger.info({ database: database.kind, ms: Date.now() - started }, "database ready");
}

/**
 * After the server listens: the sample files the catalogue load left for later, one at a
 * time, while requests are served. A failure is logged; a download makes its sample itself.
 */
export function makeSamplesInBackground({
  database,
  storage,
  logger,
}: {
  database: DatabaseHandle;
  storage: FileStorage;
  logger: Logger;
}): void {
  makeDeferredSamples({ db: database.db, storage, logger }).catch((error: unknown) =>
    logger.warn({ err: error }, "catalogue samples were not all made; downloads make their own"),
  );
}
