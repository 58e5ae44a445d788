import { Router, type Request, type Response } from "express";
import type { Database } from "../../../database/client.server";
import { createResponseCache, type CachedBody } from "~/lib/response-cache";
import { toLegacyArticle, toLegacyListItem } from "./legacy-shape";
import { getPublishedArticle, listPublishedArticles, parseArticleId } from "./queries.server";

/**
 * The older calls are the app's hot path (thousands a second): their JSON is kept in
 * memory until an article changes here, or for 5 seconds when another server process
 * may have changed one.
 */
const responses = createResponseCache({ ttlMs: 5_000 });

/** Called after any change to articles. */
export function invalidateArticleResponses() {
  responses.invalidate();
}

/**
 * GET /List/ and GET /Data/{id}: the older data host's calls, same paths and shapes
 * (spec §7). /List/ keeps the older order, oldest first: existing clients reverse it.
 */
export function articlesApi({ db, siteUrl }: { db: Database; siteUrl: string }): Router {
  const router = Router();
  const absolute = (src: string) => (src.startsWith("/") ? `${siteUrl}${src}` : src);

  router.get("/List/", async (req, res) => {
    const cached = await responses.get("list", async () => {
      const list = await listPublishedArticles({ db, order: "oldest" });
      return JSON.stringify(list.map((article) => toLegacyListItem(article, absolute)));
    });
    sendJson(req, res, cached!);
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
    sendJson(req, res, cached);
  });

  return router;
}

function sendJson(req: Request, res: Response, { body, etag }: CachedBody) {
  res.setHeader("Cache-Control", "no-cache");
  res.setHeader("ETag", etag);
  if (req.fresh) return res.status(304).end();
  res.type("application/json; charset=utf-8").send(body);
}
