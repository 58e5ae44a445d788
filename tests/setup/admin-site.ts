import { loadArticles } from "#app/features/articles/load-articles.server";
import { createTestUser, sessionCookieFor } from "./accounts";
import { createSeededDatabase } from "./seeded-database";
import { serveSite } from "./site-in-process";

export type AdminSite = {
  url: string;
  /** The signed-in admin's session cookie, `name=value`. */
  cookie: string;
  close(): Promise<void>;
};

/**
 * A seeded site of its own, with the articles loaded and `username` signed in as an admin:
 * for journeys that change the site or need an admin's pages.
 */
export async function serveSiteWithAdmin(username: string): Promise<AdminSite> {
  const seeded = await createSeededDatabase("pglite");
  await loadArticles({ db: seeded.database.db });
  await createTestUser(seeded.database.db, username, "admin");
  const site = await serveSite({ database: seeded.database, storage: seeded.storage });
  return {
    url: site.url,
    cookie: await sessionCookieFor(site.url, username),
    async close() {
      await site.close();
      await seeded.destroy();
    },
  };
}
