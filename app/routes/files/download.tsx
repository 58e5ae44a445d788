import { countDownload } from "#app/features/catalogue/commands.server";
import { makeDeferredSample } from "#app/features/catalogue/load-catalogue.server";
import { findDownload } from "#app/features/catalogue/queries.server";
import { liteFileName } from "#app/features/downloads/public.server";
import { appContext } from "#app/lib/app-context.server";
import { notFound } from "#app/lib/http.server";
import { fileResponse, isRead, MATERIAL_KEY } from "./serve-file.server";
import type { Route } from "./+types/download";

/**
 * /download/{key} and /download/{key}/lite (a redirect to the full file while there is no
 * lite copy), sent by the middleware; a key that names no file reaches the not-found page.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }, next) => {
    if (!isRead(request) || !MATERIAL_KEY.test(params.key)) return next();
    const { db, storage, logger } = context.get(appContext);
    let download = await findDownload({ db, key: params.key });
    if (download && !download.file && !download.externalUrl) {
      if (await makeDeferredSample({ db, storage, key: params.key }))
        download = await findDownload({ db, key: params.key });
    }
    const count = async () => {
      try {
        await countDownload({ db, materialId: download!.materialId });
      } catch (error) {
        // A lost count must not cost the student the file.
        logger.error({ err: error, key: params.key }, "download count failed");
      }
    };
    if (download?.externalUrl) {
      if (request.method === "GET") await count();
      return new Response(null, {
        status: 302,
        headers: { Location: download.externalUrl, "Cache-Control": "no-store" },
      });
    }
    if (!download?.file) return next();
    let file = download.file;
    if (new URL(request.url).pathname.endsWith("/lite")) {
      if (!file.lite) {
        return new Response(null, {
          status: 302,
          headers: { Location: `/download/${params.key}`, "Cache-Control": "no-store" },
        });
      }
      file = { ...file, ...file.lite, fileName: liteFileName(file.fileName) };
    }
    return fileResponse({
      request,
      storage,
      logger,
      file,
      disposition: "attachment",
      onStart: count,
    });
  },
];

export function loader(): never {
  throw notFound();
}

export default function UnknownDownload() {
  return null;
}
