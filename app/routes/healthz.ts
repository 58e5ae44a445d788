import { appContext } from "#app/lib/app-context.server";
import { json, methodNotAllowed } from "#app/lib/http.server";
import type { Route } from "./+types/healthz";

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /healthz: 200 while the database answers, 503 when it does not (for load balancers). */
export async function loader({ context }: Route.LoaderArgs) {
  const { pingDatabase, logger } = context.get(appContext);
  try {
    await pingDatabase();
    return json({ status: "ok", database: "up" }, { headers: NO_STORE });
  } catch (error) {
    logger.error({ err: error }, "health check: database unreachable");
    return json({ status: "unavailable", database: "down" }, { status: 503, headers: NO_STORE });
  }
}

export const action = () => methodNotAllowed("GET");
