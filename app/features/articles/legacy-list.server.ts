import { sql } from "drizzle-orm";
import { selectRows, type Database } from "#database/client.server";
import { articles } from "#database/schema";

/**
 * GET /List/'s body: every published article's item, oldest first, joined by the database
 * from the JSON texts it keeps (docs/decisions/0058-list-items-kept-as-text.md), so nothing
 * of an article is parsed or stringified here. The site's address goes, JSON-escaped, where
 * an item's first image is a path on the site (absoluteUrl in app/lib/head.ts).
 */
export async function legacyListJson({ db, siteUrl }: { db: Database; siteUrl: string }) {
  const siteAddress = JSON.stringify(siteUrl).slice(1, -1);
  const [list] = await selectRows<{ items: string | null }>(
    db,
    sql`select string_agg(legacy_list_start || coalesce(${siteAddress}::text || legacy_list_rest, ''), ',' order by id) as items
        from ${articles} where published`,
  );
  return `[${list?.items ?? ""}]`;
}
