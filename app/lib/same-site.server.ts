import type { SiteIdentity } from "./head";
import { jsonError } from "./http.server";

// With SameSite=Lax cookies, this stops other sites' changes (docs/security.md#sessions).
export function cameFromThisSite(request: Request, site: SiteIdentity): boolean {
  const referer = request.headers.get("referer");
  const origin =
    request.headers.get("origin") ?? (referer && URL.canParse(referer) && new URL(referer).origin);
  if (!origin) return false;
  return origin === new URL(site.url).origin || origin === new URL(request.url).origin;
}

export function refusedCrossSite(): Response {
  return jsonError(403, "Refused: this request did not come from this site.");
}
