import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { articles } from "#database/schema";
import type { Logger } from "#app/lib/logger";
import { contentChanged } from "#app/lib/response-cache.server";
import { jsonEqual } from "#app/lib/json-equal";
import { readContentFile } from "#app/lib/content-files.server";
import type { FileStorage } from "#app/lib/file-storage.server";
import { makePictureSizes } from "#app/features/downloads/public.server";
import { PICTURE_BOXES, uploadedSha256 } from "./article-pictures";
import { ArticleContentSchema, articleRow } from "./article-schema";

const ARTICLES_DIR = path.resolve("content/articles");

type ArticleLoad = { db: Database; dir?: string; logger?: Logger };

// Rows written on the site are never touched; new ones go in oldest first, as /List/ orders by id.
export async function loadArticles({ db, dir = ARTICLES_DIR, logger }: ArticleLoad) {
  const files = (await readdir(dir)).filter((file) => file.endsWith(".json")).sort();
  const contents = await Promise.all(
    files.map(async (file) => ({
      contentKey: file.replace(/\.json$/, ""),
      article: await readContentFile(path.join(dir, file), ArticleContentSchema),
    })),
  );
  contents.sort((a, b) =>
    `${a.article.date} ${a.article.time}`.localeCompare(`${b.article.date} ${b.article.time}`),
  );

  let inserted = 0;
  let updated = 0;
  await db.transaction(async (tx) => {
    const existing = new Map(
      (await tx.select().from(articles))
        .filter((row) => row.contentKey !== null)
        .map((row) => [row.contentKey!, row]),
    );
    for (const { contentKey, article } of contents) {
      const row = { contentKey, ...articleRow(article), isSample: article.sample };
      const current = existing.get(contentKey);
      if (!current) {
        await tx.insert(articles).values({ ...row, origin: "content", published: true });
        inserted++;
      } else if (
        current.origin === "content" &&
        Object.entries(row).some(
          ([field, value]) => !jsonEqual(value, current[field as keyof typeof current]),
        )
      ) {
        await tx
          .update(articles)
          .set({ ...row, updatedAt: new Date() })
          .where(eq(articles.id, current.id));
        updated++;
      }
    }
  });
  if (inserted || updated) contentChanged();
  logger?.info({ inserted, updated }, "articles loaded");
  return { inserted, updated };
}

/**
 * At start: the copies of every uploaded article picture that has none yet, such as those
 * uploaded before pictures were sized (docs/decisions/0087-article-pictures-sized-for-their-place.md).
 * A picture that cannot be sized is logged and left as it is.
 */
export async function sizeArticlePictures({
  db,
  storage,
  logger,
}: {
  db: Database;
  storage: FileStorage;
  logger?: Logger;
}) {
  const rows = await db
    .select({ images: articles.images, closingImage: articles.closingImage })
    .from(articles);
  const sha256s = new Set(
    rows.flatMap((row) =>
      [...row.images, row.closingImage].flatMap(({ src }) => uploadedSha256(src) ?? []),
    ),
  );
  for (const sha256 of sha256s) {
    try {
      const original = { sha256, fileName: `${sha256.slice(0, 12)}.jpg` };
      await makePictureSizes({ db, storage, original, boxes: PICTURE_BOXES });
    } catch (error) {
      logger?.warn({ err: error, sha256 }, "an article picture could not be sized");
    }
  }
}
