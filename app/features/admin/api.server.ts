import express, { Router, type Response } from "express";
import type { Database } from "#database/client.server";
import type { Logger } from "#app/lib/logger";
import { ArticleBodySchema } from "#app/features/articles/article-schema";
import { parseArticleId } from "#app/features/articles/queries.server";
import { describeIssues } from "#app/lib/validation";
import type { FileStorage } from "#app/lib/file-storage.server";
import { ExternalLinkSchema, MaterialEditSchema } from "#app/features/catalogue/material-schemas";

import { receiveUpload, UploadError } from "#app/features/downloads/uploads.server";
import type { Actor } from "./audit.server";
import {
  createArticle,
  deleteArticle,
  replaceMaterialFile,
  replaceMaterialImage,
  setArticlePublished,
  setMaterialExternalLink,
  updateArticle,
  updateMaterial,
} from "./changes.server";
import { requireAdminApi } from "./guards.server";
import { recordStoredFile, storedImageAddress } from "#app/features/downloads/stored-files.server";

/**
 * The admin pages' calls, under /admin/api: JSON in and out, or one multipart file.
 * Every one needs an admin session (401 / 403), and the caller (server/http-app.ts)
 * refuses cross-site state changes before they get here.
 */
export function adminApi({
  db,
  storage,
  logger,
  https,
}: {
  db: Database;
  storage: FileStorage;
  logger: Logger;
  https: boolean;
}): Router {
  const router = Router();
  router.use(requireAdminApi({ db, https }));
  router.use(express.json({ limit: "1mb" }));
  const actorOf = (res: Response): Actor => ({
    id: res.locals.admin.id,
    username: res.locals.admin.username,
  });

  router.post("/articles", async (req, res) => {
    const parsed = ArticleBodySchema.safeParse(req.body?.article);
    if (!parsed.success) return res.status(400).json(describeIssues(parsed.error));
    const id = await createArticle({
      db,
      actor: actorOf(res),
      body: parsed.data,
      publish: req.body?.publish === true,
    });
    res.status(201).json({ id });
  });

  router.put("/articles/:id", async (req, res) => {
    const id = parseArticleId(req.params.id);
    const parsed = ArticleBodySchema.safeParse(req.body?.article);
    if (!parsed.success) return res.status(400).json(describeIssues(parsed.error));
    if (id === null || !(await updateArticle({ db, actor: actorOf(res), id, body: parsed.data })))
      return res.status(404).json({ error: "Article not found" });
    res.json({ id });
  });

  for (const [action, published] of [
    ["publish", true],
    ["unpublish", false],
  ] as const) {
    router.post(`/articles/:id/${action}`, async (req, res) => {
      const id = parseArticleId(req.params.id);
      if (id === null || !(await setArticlePublished({ db, actor: actorOf(res), id, published })))
        return res.status(404).json({ error: "Article not found" });
      res.json({ id, published });
    });
  }

  router.delete("/articles/:id", async (req, res) => {
    const id = parseArticleId(req.params.id);
    if (id === null || !(await deleteArticle({ db, actor: actorOf(res), id })))
      return res.status(404).json({ error: "Article not found" });
    res.json({ id, deleted: true });
  });

  /** An image (for an article or a cover), kept in storage and served at /files/{sha256}{extension}. */
  router.post("/images", async (req, res) => {
    const upload = await receiveUpload(req, { storage, accept: "image" });
    await recordStoredFile({ db, file: { ...upload, isSample: false } });
    logger.info(
      { event: "admin-upload", admin: actorOf(res).username, sha256: upload.sha256 },
      "image uploaded",
    );
    res.status(201).json({ src: storedImageAddress(upload) });
  });

  router.post("/materials/:key/image", async (req, res) => {
    const upload = await receiveUpload(req, { storage, accept: "image" });
    const src = storedImageAddress(upload);
    const image = { src, file: upload };
    if (
      !(await replaceMaterialImage({ db, actor: actorOf(res), key: String(req.params.key), image }))
    )
      return res.status(404).json({ error: "Material not found" });
    res.json({ key: req.params.key, src });
  });

  router.put("/materials/:key", async (req, res) => {
    const parsed = MaterialEditSchema.safeParse(req.body);
    if (!parsed.success) return res.status(400).json(describeIssues(parsed.error));
    if (
      !(await updateMaterial({
        db,
        actor: actorOf(res),
        key: String(req.params.key),
        edit: parsed.data,
      }))
    )
      return res.status(404).json({ error: "Material not found" });
    res.json({ key: req.params.key });
  });

  router.post("/materials/:key/file", async (req, res) => {
    const key = String(req.params.key);
    const upload = await receiveUpload(req, { storage, accept: "pdf" });
    if (!(await replaceMaterialFile({ db, actor: actorOf(res), key, file: upload })))
      return res.status(404).json({ error: "Material not found" });
    res.json({ key, byteSize: upload.byteSize, fileName: upload.fileName });
  });

  router.put("/materials/:key/external", async (req, res) => {
    const parsed = ExternalLinkSchema.safeParse(req.body);
    if (!parsed.success) return res.status(400).json(describeIssues(parsed.error));
    if (
      !(await setMaterialExternalLink({
        db,
        actor: actorOf(res),
        key: String(req.params.key),
        link: parsed.data,
      }))
    )
      return res.status(404).json({ error: "Material not found" });
    res.json({ key: req.params.key });
  });

  router.use(
    (error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
      if (error instanceof UploadError)
        return res.status(error.status).json({ error: error.message });
      next(error);
    },
  );
  return router;
}
