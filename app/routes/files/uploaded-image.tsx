import { findStoredImage } from "#app/features/downloads/stored-files.server";
import { appContext } from "#app/lib/app-context.server";
import { fileResponse, serveWhenFound } from "./serve-file.server";
import type { Route } from "./+types/uploaded-image";

/** GET /files/{sha256}.{ext}: an uploaded picture, named by its content, so cached for a year. */
export const middleware: Route.MiddlewareFunction[] = serveWhenFound(
  async ({ request, params, context }) => {
    const sha256 = /^([0-9a-f]{64})\.(png|jpg|webp)$/.exec(params.name)?.[1];
    if (!sha256) return;
    const { db, storage, logger } = context.get(appContext);
    const file = await findStoredImage({ db, sha256 });
    const cacheControl = "public, max-age=31536000, immutable";
    return (
      file && fileResponse({ request, storage, logger, file, disposition: "inline", cacheControl })
    );
  },
);

export { loader, default } from "../not-found";
