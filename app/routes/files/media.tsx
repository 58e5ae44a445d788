import { findDownload } from "#app/features/catalogue/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { fileResponse, MATERIAL_KEY, serveWhenFound } from "./serve-file.server";
import type { Route } from "./+types/media";

/** GET /media/{key}: /download/{key} inline and uncounted, for the players' range requests. */
export const middleware: Route.MiddlewareFunction[] = serveWhenFound(
  async ({ request, params, context }) => {
    if (!MATERIAL_KEY.test(params.key)) return;
    const { db, storage, logger } = context.get(appContext);
    const file = (await findDownload({ db, key: params.key }))?.file;
    return file && fileResponse({ request, storage, logger, file, disposition: "inline" });
  },
);

export { loader, default } from "../not-found";
