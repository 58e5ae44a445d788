import type { SiteIdentity } from "./head";
import { jsonError } from "./http.server";

/**
 * Whether a request came from this site's own pages: its Origin or, when a browser sends none,
 * its Referer is this site's (SITE_URL, or the address the request was made to). Together with
 * SameSite=Lax session cookies, this is what keeps another site from making a signed-in
 * admin's browser change anything (docs/security.md, "Sessions").
 */
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

/** The answer to a state change another site asked for. */
export function refusedCrossSite(): Response {
  return jsonError(403, "Refused: this request did not come from this site.");
}
