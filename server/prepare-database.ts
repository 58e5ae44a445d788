import type { DatabaseHandle } from "#database/client.server";
import { loadArticles } from "#app/features/articles/public.server";
import { loadCatalogue, readCatalogueContent } from "#app/features/catalogue/public.server";
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
}: {
  database: DatabaseHandle;
  storage: FileStorage;
  logger: Logger;
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
    });
    await loadArticles({ db: database.db, logger });
    // Materials, subjects and articles are kept in the search by the database itself.
    await indexPagesAndQuizzes(database.db);
  });
  logger.info({ database: database.kind, ms: Date.now() - started }, "database ready");
}
