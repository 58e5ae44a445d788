import { appContext } from "#app/lib/app-context.server";
import { json, methodNotAllowed } from "#app/lib/http.server";
import { storageIsUp } from "#app/lib/storage-health.server";
import type { Route } from "./+types/healthz";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * GET /healthz: 200 while the database and the file store answer, 503 naming the part
 * that does not (for load balancers; docs/requirements.md, "Health").
 */
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
  return json(body, { status: databaseUp && storageUp ? 200 : 503, headers: NO_STORE });
}

export const action = () => methodNotAllowed("GET");
