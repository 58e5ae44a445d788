import { Router } from "express";
import type { Database } from "../../../database/client.server";
import { toLegacyArticle, toLegacyListItem } from "./legacy-shape";
import { getPublishedArticle, listPublishedArticles, parseArticleId } from "./queries.server";

/**
 * GET /List/ and GET /Data/{id}: the older data host's calls, same paths and shapes
 * (spec §7). /List/ keeps the older order, oldest first: existing clients reverse it.
 */
export function articlesApi({ db, siteUrl }: { db: Database; siteUrl: string }): Router {
  const router = Router();
  const absolute = (src: string) => (src.startsWith("/") ? `${siteUrl}${src}` : src);

  router.get("/List/", async (_req, res) => {
    const list = await listPublishedArticles({ db, order: "oldest" });
    res.setHeader("Cache-Control", "no-cache");
    res.json(list.map((article) => toLegacyListItem(article, absolute)));
  });

  router.get(["/Data/", "/Data/:id"], async (req, res) => {
    const id = parseArticleId(typeof req.params.id === "string" ? req.params.id : undefined);
    const article = id === null ? undefined : await getPublishedArticle({ db, id });
    if (!article) return res.status(404).json({ error: "Article not found" });
    res.setHeader("Cache-Control", "no-cache");
    res.json(toLegacyArticle(article, absolute));
  });

  return router;
}
