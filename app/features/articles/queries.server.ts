import { and, count, desc, eq, sql } from "drizzle-orm";
import { selectRows, type Database } from "#database/client.server";
import { articles } from "#database/schema";

const summaryColumns = {
  id: articles.id,
  title: articles.title,
  date: articles.date,
  time: articles.time,
  images: articles.images,
  intro: articles.intro,
  isSample: articles.isSample,
};

export type ArticleSummary = Awaited<ReturnType<typeof listArticlePage>>["articles"][number];
export type ArticleRecord = typeof articles.$inferSelect;

// Items' JSON texts made by the database (docs/decisions/0058-list-items-kept-as-text.md).
export async function listLegacyListSlice({
  db,
  afterId,
  limit,
  siteAddress,
}: {
  db: Database;
  afterId: number;
  limit: number | null;
  siteAddress: string;
}): Promise<{ items: string | null; count: number; lastId: number }> {
  return db.transaction(async (tx) => {
    // Without statistics (PGlite never gathers them) the planner would sort every article for
    // each slice instead of reading the index in id order.
    await tx.execute(sql`set local enable_sort = off`);
    const [slice] = await selectRows<{
      items: string | null;
      count: number;
      last_id: number | null;
    }>(
      tx,
      sql`select string_agg(legacy_list_start || coalesce(${siteAddress}::text || legacy_list_rest, ''), ',' order by id) as items,
                 count(*)::int as count, max(id) as last_id
          from (select id, legacy_list_start, legacy_list_rest from ${articles}
                where published and id > ${afterId} order by id limit ${limit}) as slice`,
    );
    return {
      items: slice?.items ?? null,
      count: slice?.count ?? 0,
      lastId: slice?.last_id ?? afterId,
    };
  });
}

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
    .select(summaryColumns)
    .from(articles)
    .where(eq(articles.published, true))
    .orderBy(desc(articles.id))
    .limit(ARTICLES_PER_PAGE)
    .offset((shown - 1) * ARTICLES_PER_PAGE);
  return { articles: rows, page: shown, pageCount };
}

export async function getPublishedArticle({ db, id }: { db: Database; id: number }) {
  const [article] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.id, id), eq(articles.published, true)))
    .limit(1);
  return article;
}

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

export async function getAnyArticle({ db, id }: { db: Database; id: number }) {
  const [article] = await db.select().from(articles).where(eq(articles.id, id)).limit(1);
  return article;
}

export function parseArticleId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
