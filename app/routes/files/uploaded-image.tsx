import { findStoredImage } from "#app/features/downloads/stored-files.server";
import { appContext } from "#app/lib/app-context.server";
import { notFound } from "#app/lib/http.server";
import { fileResponse, isRead } from "./serve-file.server";
import type { Route } from "./+types/uploaded-image";

const STORED_IMAGE = /^([0-9a-f]{64})\.(png|jpg|webp)$/;

/** GET /files/{sha256}.{ext}: an uploaded picture, named by its content, so cached for a year. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }, next) => {
    const sha256 = STORED_IMAGE.exec(params.name)?.[1];
    if (!isRead(request) || !sha256) return next();
    const { db, storage, logger } = context.get(appContext);
    const file = await findStoredImage({ db, sha256 });
    if (!file) return next();
    const cacheControl = "public, max-age=31536000, immutable";
    return fileResponse({ request, storage, logger, file, disposition: "inline", cacheControl });
  },
];

export function loader(): never {
  throw notFound();
}

export default function UnknownImage() {
  return null;
}
