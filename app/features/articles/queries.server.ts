import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { articles, type StoredImage } from "#database/schema";
import { findPictureSizes } from "#app/features/downloads/public.server";
import { sizedPictureOf, uploadedSha256, type ArticlePictures } from "./article-pictures";

export type ArticleRecord = typeof articles.$inferSelect;

/** How many articles /smartify shows a page: a page stays small on a phone however many there are. */
const ARTICLES_PER_PAGE = 20;

/** A page past the last (an old link, an edited address) is the first page. */
export async function listArticlePage({ db, page }: { db: Database; page: number }) {
  const [counted] = await db
    .select({ published: count() })
    .from(articles)
    .where(eq(articles.published, true));
  const pageCount = Math.max(1, Math.ceil((counted?.published ?? 0) / ARTICLES_PER_PAGE));
  const shown = Number.isInteger(page) && page >= 1 && page <= pageCount ? page : 1;
  const rows = await db
    .select({
      id: articles.id,
      title: articles.title,
      date: articles.date,
      time: articles.time,
      images: articles.images,
      intro: articles.intro,
      isSample: articles.isSample,
    })
    .from(articles)
    .where(eq(articles.published, true))
    .orderBy(desc(articles.id))
    .limit(ARTICLES_PER_PAGE)
    .offset((shown - 1) * ARTICLES_PER_PAGE);
  const pictures = await picturesOf({ db, images: rows.flatMap((row) => row.images.slice(0, 1)) });
  return { articles: rows, page: shown, pageCount, pictures };
}

/**
 * The copies made for each uploaded picture's places
 * (docs/decisions/0087-article-pictures-sized-for-their-place.md); other addresses have none.
 */
export async function picturesOf({
  db,
  images,
}: {
  db: Database;
  images: readonly StoredImage[];
}): Promise<ArticlePictures> {
  const uploaded = images.flatMap(({ src }) => {
    const sha256 = uploadedSha256(src);
    return sha256 ? [{ src, sha256 }] : [];
  });
  const copies = await findPictureSizes({ db, sha256s: uploaded.map(({ sha256 }) => sha256) });
  return Object.fromEntries(
    uploaded.map(({ src, sha256 }) => [src, sizedPictureOf(copies.get(sha256) ?? [])]),
  );
}

/** Every picture an article shows, closing picture last. */
export const imagesOf = (article: Pick<ArticleRecord, "images" | "closingImage">) => [
  ...article.images,
  article.closingImage,
];

type ArticleAt = { db: Database; id: number };

async function firstArticle(db: Database, where: SQL | undefined) {
  const [article] = await db.select().from(articles).where(where).limit(1);
  return article;
}

export const getPublishedArticle = ({ db, id }: ArticleAt) =>
  firstArticle(db, and(eq(articles.id, id), eq(articles.published, true)));

export const getAnyArticle = ({ db, id }: ArticleAt) => firstArticle(db, eq(articles.id, id));

export async function listLatestArticles({ db, limit }: { db: Database; limit: number }) {
  return db
    .select({ id: articles.id, title: articles.title })
    .from(articles)
    .where(eq(articles.published, true))
    .orderBy(desc(articles.id))
    .limit(limit);
}

export async function listAllArticles({ db }: { db: Database }) {
  return db
    .select({
      id: articles.id,
      title: articles.title,
      date: articles.date,
      published: articles.published,
      isSample: articles.isSample,
      updatedAt: articles.updatedAt,
    })
    .from(articles)
    .orderBy(desc(articles.id));
}

export function parseArticleId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
