import { appContext } from "#app/lib/app-context.server";
import { json, methodNotAllowed } from "#app/lib/http.server";
import { storageIsUp } from "#app/lib/storage-health.server";
import type { Route } from "./+types/healthz";

/** GET /healthz (docs/requirements.md#health): 503 naming the part that does not answer. */
export async function loader({ context }: Route.LoaderArgs) {
  const { pingDatabase, storage, logger } = context.get(appContext);
  const [databaseUp, storageUp] = await Promise.all([
    pingDatabase().then(
      () => true,
      (error: unknown) => {
        logger.error({ err: error }, "health check: database unreachable");
        return false;
      },
    ),
    storageIsUp(storage, { logger }),
  ]);
  const body = {
    status: databaseUp && storageUp ? "ok" : "unavailable",
    database: databaseUp ? "up" : "down",
    storage: storageUp ? "up" : "down",
  };
  const status = databaseUp && storageUp ? 200 : 503;
  return json(body, { status, headers: { "Cache-Control": "no-store" } });
}

export const action = () => methodNotAllowed("GET");
