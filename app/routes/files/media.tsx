import { findDownload } from "#app/features/catalogue/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { notFound } from "#app/lib/http.server";
import { fileResponse, isRead, MATERIAL_KEY } from "./serve-file.server";
import type { Route } from "./+types/media";

/** GET /media/{key}: /download/{key} inline and uncounted, for the players' range requests. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }, next) => {
    if (!isRead(request) || !MATERIAL_KEY.test(params.key)) return next();
    const { db, storage, logger } = context.get(appContext);
    const download = await findDownload({ db, key: params.key });
    if (!download?.file) return next();
    return fileResponse({ request, storage, logger, file: download.file, disposition: "inline" });
  },
];

export function loader(): never {
  throw notFound();
}

export default function UnknownMedia() {
  return null;
}
