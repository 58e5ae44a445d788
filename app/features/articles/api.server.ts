import { Router } from "express";
import type { Database } from "#database/client.server";
import { articleResponses as responses } from "#app/lib/content-caches.server";
import { sendCached } from "#app/lib/response-cache";
import { toLegacyArticle, toLegacyListItem } from "./legacy-shape";
import { getPublishedArticle, listPublishedArticles, parseArticleId } from "./queries.server";

/**
 * GET /List/ and GET /Data/{id}: the older data host's calls, same paths and shapes
 * (spec §7). /List/ keeps the older order, oldest first: existing clients reverse it.
 */
/** The calls' JSON is served from memory (app/lib/content-caches.server.ts). */
export function articlesApi({ db, siteUrl }: { db: Database; siteUrl: string }): Router {
  const router = Router();
  const absolute = (src: string) => (src.startsWith("/") ? `${siteUrl}${src}` : src);

  router.get("/List/", async (req, res) => {
    const cached = await responses.get("list", async () => {
      const list = await listPublishedArticles({ db, order: "oldest" });
      return JSON.stringify(list.map((article) => toLegacyListItem(article, absolute)));
    });
    res.setHeader("Cache-Control", "no-cache");
    sendCached(req, res, cached!, { type: "application/json; charset=utf-8" });
  });

  router.get(["/Data/", "/Data/:id"], async (req, res) => {
    const id = parseArticleId(typeof req.params.id === "string" ? req.params.id : undefined);
    const cached =
      id === null
        ? null
        : await responses.get(`article:${id}`, async () => {
            const article = await getPublishedArticle({ db, id });
            return article ? JSON.stringify(toLegacyArticle(article, absolute)) : null;
          });
    if (!cached) return res.status(404).json({ error: "Article not found" });
    res.setHeader("Cache-Control", "no-cache");
    sendCached(req, res, cached, { type: "application/json; charset=utf-8" });
  });

  return router;
}
