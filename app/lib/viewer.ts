// Who is signed in on this phone, as the page's scripts can tell it: a readable cookie the
// server keeps in step with the session (app/features/accounts/viewer.server.ts) and the
// header's and menu's parts for each case, drawn by the server and switched here
// (docs/decisions/0103-who-is-signed-in-on-every-copy.md).

import { readCookie } from "./cookies";

const VIEWER_COOKIE = "studyzed_viewer";

/** Over https the cookie takes the __Host- prefix, as the session's does. */
export const viewerCookieName = (https: boolean) =>
  https ? `__Host-${VIEWER_COOKIE}` : VIEWER_COOKIE;

/** A part shown only to `data-when="signed-in"` or only to `"signed-out"` visitors. */
export const SHOWN_WHEN = { signedIn: "signed-in", signedOut: "signed-out" } as const;

/** The first name the cookie holds, or null when no one is signed in. */
export function viewerFromCookies(cookies: string): string | null {
  const value =
    readCookie(cookies, VIEWER_COOKIE) ?? readCookie(cookies, `__Host-${VIEWER_COOKIE}`);
  try {
    return value ? decodeURIComponent(value) : null;
  } catch {
    return null;
  }
}

/** Draws the page's header and menu for `name`, and hides an account's count when no one is signed in. */
export function showViewer(page: Document, name: string | null) {
  for (const part of page.querySelectorAll<HTMLElement>("[data-when]")) {
    part.hidden = part.dataset.when !== (name ? SHOWN_WHEN.signedIn : SHOWN_WHEN.signedOut);
  }
  for (const part of page.querySelectorAll("[data-viewer-name]")) part.textContent = name ?? "";
  for (const link of page.querySelectorAll<HTMLElement>("[data-viewer-label]")) {
    link.setAttribute("aria-label", `${name ?? ""}${link.dataset.viewerLabel ?? ""}`);
  }
  if (!name) {
    for (const count of page.querySelectorAll<HTMLElement>('[data-review-count="account"]')) {
      count.hidden = true;
    }
  }
}
