import { Router, type Request, type Response, type NextFunction } from "express";
import type { Database } from "#database/client.server";
import type { Logger } from "#app/lib/logger";
import { parseByteRange } from "./byte-range";
import type { FileStorage } from "#app/lib/file-storage.server";
import { countDownload } from "#app/features/catalogue/commands.server";
import { findDownload, type Download } from "#app/features/catalogue/queries.server";

/** Download keys are ours (see catalogue-rows.ts); anything else is not a download. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9-]{0,159}$/;

/**
 * GET /download/{key}: the file as an attachment, counted, resumable (Range), cacheable
 * by ETag; or a redirect to its external address. GET /media/{key}: the same bytes
 * inline and uncounted, for the audio and video players. An unknown key falls through
 * to the pages, which answer with the not-found screen.
 */
export function downloadRoutes({
  db,
  storage,
  logger,
}: {
  db: Database;
  storage: FileStorage;
  logger: Logger;
}): Router {
  const router = Router();
  const handle =
    (disposition: "attachment" | "inline") =>
    async (req: Request, res: Response, next: NextFunction) => {
      const key = String(req.params.key);
      if (!KEY.test(key)) return next();
      const download = await findDownload({ db, key });
      if (!download || (!download.file && !download.externalUrl)) return next();
      const counted = disposition === "attachment" && req.method === "GET";

      if (download.externalUrl) {
        if (counted) await recordDownload(download);
        res.setHeader("Cache-Control", "no-store");
        return res.redirect(302, download.externalUrl);
      }
      const file = download.file!;
      const etag = `"${file.sha256}"`;
      res.setHeader("ETag", etag);
      res.setHeader("Accept-Ranges", "bytes");
      res.setHeader("Cache-Control", "public, no-cache");
      if (req.headers["if-none-match"] === etag) return res.status(304).end();

      // A Range only applies to the version it was asked against (If-Range).
      const ifRange = req.headers["if-range"];
      const range =
        ifRange && ifRange !== etag ? null : parseByteRange(req.headers.range, file.byteSize);
      if (range === "unsatisfiable") {
        res.setHeader("Content-Range", `bytes */${file.byteSize}`);
        return res.status(416).json({ error: "That part of the file does not exist." });
      }
      // Only now: an error answer above is JSON, not the file's type.
      res.setHeader("Content-Type", file.contentType);
      res.setHeader("Content-Disposition", contentDisposition(disposition, file.fileName));
      // A resumed download is the same download: count only the request that starts it.
      if (counted && (!range || range.start === 0)) await recordDownload(download);
      if (range) {
        res.status(206);
        res.setHeader("Content-Range", `bytes ${range.start}-${range.end}/${file.byteSize}`);
        res.setHeader("Content-Length", String(range.end - range.start + 1));
      } else {
        res.setHeader("Content-Length", String(file.byteSize));
      }
      if (req.method === "HEAD") return res.end();
      const stream = storage.read(file.sha256, range ?? undefined);
      stream.on("error", (error) => {
        logger.error({ err: error, key }, "stored file could not be read");
        if (!res.headersSent) {
          res.removeHeader("Content-Disposition");
          res.removeHeader("Content-Length");
          res
            .status(500)
            .type("json")
            .json({ error: "The file could not be read. Please try again." });
        } else res.destroy(error);
      });
      stream.pipe(res);
    };

  /**
   * Counted before the file is sent, so that a count is never still on its way when the next
   * request reads it; a count that fails is logged and the download goes on.
   */
  const recordDownload = (download: Download) =>
    countDownload({ db, materialId: download.materialId }).catch((error: unknown) =>
      logger.error({ err: error, materialId: download.materialId }, "download count failed"),
    );

  router.get("/download/:key", handle("attachment"));
  router.get("/media/:key", handle("inline"));
  return router;
}

/** RFC 6266: a plain-ASCII name for old clients and the exact name for the rest. */
export function contentDisposition(disposition: "attachment" | "inline", fileName: string): string {
  const ascii = fileName
    .normalize("NFKD")
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/["\\/]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii || "download"}"; filename*=UTF-8''${encoded}`;
}
