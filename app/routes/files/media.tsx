import { findDownload } from "#app/features/catalogue/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { notFound } from "#app/lib/http.server";
import { fileResponse, isRead, MATERIAL_KEY } from "./serve-file.server";
import type { Route } from "./+types/media";

/**
 * GET /media/{key}: the same bytes as /download/{key}, inline and uncounted, for the audio
 * and video players (which ask for ranges as they play). Answered by the middleware, as in
 * routes/files/download.tsx; an unknown key is the not-found screen.
 */
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

/** Never shown: the loader only runs for a key that names no file, and answers 404. */
export default function UnknownMedia() {
  return null;
}
