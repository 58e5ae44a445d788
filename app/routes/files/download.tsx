import { countDownload } from "#app/features/catalogue/commands.server";
import { makeDeferredSample } from "#app/features/catalogue/load-catalogue.server";
import { findDownload } from "#app/features/catalogue/queries.server";
import { liteFileName } from "#app/features/downloads/public.server";
import { appContext } from "#app/lib/app-context.server";
import { fileResponse, MATERIAL_KEY, serveWhenFound } from "./serve-file.server";
import type { Route } from "./+types/download";

/** /download/{key}, and /download/{key}/lite: the full file while there is no lite copy. */
export const middleware: Route.MiddlewareFunction[] = serveWhenFound(
  async ({ request, params: { key }, context }) => {
    if (!MATERIAL_KEY.test(key)) return;
    const { db, storage, logger } = context.get(appContext);
    let download = await findDownload({ db, key });
    const awaitsSample = download && !download.file && !download.externalUrl;
    if (awaitsSample && (await makeDeferredSample({ db, storage, key })))
      download = await findDownload({ db, key });
    if (!download) return;
    const { materialId } = download;
    const count = async () => {
      try {
        await countDownload({ db, materialId });
      } catch (error) {
        // A lost count must not cost the student the file.
        logger.error({ err: error, key }, "download count failed");
      }
    };
    const redirectTo = (location: string) =>
      new Response(null, {
        status: 302,
        headers: { Location: location, "Cache-Control": "no-store" },
      });
    if (download.externalUrl) {
      if (request.method === "GET") await count();
      return redirectTo(download.externalUrl);
    }
    let file = download.file;
    if (file && new URL(request.url).pathname.endsWith("/lite")) {
      if (!file.lite) return redirectTo(`/download/${key}`);
      file = { ...file, ...file.lite, fileName: liteFileName(file.fileName) };
    }
    return (
      file &&
      fileResponse({ request, storage, logger, file, disposition: "attachment", onStart: count })
    );
  },
);

export { loader, default } from "../not-found";
