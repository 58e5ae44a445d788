import type { SiteIdentity } from "./head";
import { jsonError } from "./http.server";

// With SameSite=Lax cookies, this stops other sites' changes (docs/security.md#sessions).
export function cameFromThisSite(request: Request, site: SiteIdentity): boolean {
  const origin = request.headers.get("origin") ?? originOf(request.headers.get("referer"));
  if (!origin) return false;
  return origin === new URL(site.url).origin || origin === new URL(request.url).origin;
}

function originOf(referer: string | null): string | undefined {
  try {
    return referer ? new URL(referer).origin : undefined;
  } catch {
    return undefined;
  }
}

export function refusedCrossSite(): Response {
  return jsonError(403, "Refused: this request did not come from this site.");
}
