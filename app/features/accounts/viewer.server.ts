import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import type { Database } from "#database/client.server";
import { appContext, isHttps } from "#app/lib/app-context.server";
import { notAllowed } from "#app/lib/http.server";
import { cameFromThisSite } from "#app/lib/same-site.server";
import { SIGNED_IN_HEADER } from "#app/lib/offline";
import { LOG_IN_AGAIN } from "./next-page";
import {
  findSessionUser,
  signedInRecently,
  sessionIdFrom,
  type SessionUser,
  viewerCookie,
  viewerCookieSays,
} from "./sessions.server";

// The session the login form began in this request: the page that says "Login successful!" is
// sent before the browser has the new cookie, and its header already names the student.
export const newSessionContext = createContext<string | null>(null);

type SignedInRequest = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  https: boolean;
};

function sessionIdOf({ request, context, https }: SignedInRequest): string | undefined {
  return context.get(newSessionContext) ?? sessionIdFrom(request.headers.get("cookie"), https);
}

export async function viewerOf(args: SignedInRequest & { db: Database }) {
  const user = await signedInUserOf(args);
  return user ? { firstName: shownName(user) } : null;
}

const shownName = (user: SessionUser) => user.firstName || user.username;

type Lookup = Promise<SessionUser | undefined>;
const lookupsByRequest = new WeakMap<object, Map<string, Lookup>>();

/** The header (root loader) and the page's own loader ask at once: one query serves both. */
export function signedInUserOf(signedIn: SignedInRequest & { db: Database }): Lookup {
  const sessionId = sessionIdOf(signedIn);
  if (!sessionId) return Promise.resolve(undefined);
  const lookups = lookupsByRequest.get(signedIn.context) ?? new Map<string, Lookup>();
  lookupsByRequest.set(signedIn.context, lookups);
  if (!lookups.has(sessionId)) {
    lookups.set(sessionId, findSessionUser({ db: signedIn.db, sessionId }));
  }
  return lookups.get(sessionId)!;
}

// docs/decisions/0041-the-header-names-who-is-signed-in.md
export function keepSignedInPagePrivate(page: SignedInRequest & { response: Response }): void {
  const { headers } = page.response;
  if (!sessionIdOf(page)) return;
  if (!headers.get("content-type")?.startsWith("text/html")) return;
  if (/\bno-store\b/.test(headers.get("cache-control") ?? "")) return;
  headers.set("Cache-Control", "private, no-store");
}

/**
 * The readable cookie that tells the phone's kept pages who is signed in follows the session:
 * set at login, cleared at logout and when the session has ended anywhere else
 * (docs/decisions/0103-who-is-signed-in-on-every-copy.md).
 */
export async function keepViewerCookieInStep(
  page: SignedInRequest & { db: Database; response: Response; now: Date },
): Promise<void> {
  const { request, https, response, now } = page;
  const cookieHeader = request.headers.get("cookie");
  const user = await signedInUserOf(page);
  // The service worker keeps a page drawn for a student apart from everyone's (app/service-worker/sw.ts).
  if (user && response.headers.get("content-type")?.startsWith("text/html")) {
    response.headers.set(SIGNED_IN_HEADER, "1");
  }
  const firstName = user ? shownName(user) : "";
  if (viewerCookieSays(cookieHeader, https, firstName)) return;
  const secondsLeft = user ? Math.floor((user.expiresAt.getTime() - now.getTime()) / 1000) : 0;
  const maxAgeSeconds = Math.max(0, secondsLeft);
  response.headers.append("Set-Cookie", viewerCookie({ https, firstName, maxAgeSeconds }));
}

export const signedInUserContext = createContext<SessionUser>();

// Another site's change is refused before the session is looked at (docs/security.md#admin).
type Requirement = Omit<SignedInRequest, "https"> & { admin?: boolean; recentSignIn?: boolean };

/** `recentSignIn`: a kept session older than the usual limit logs in again first. */
export async function requireUser(args: Requirement) {
  const { request, context, admin = false, recentSignIn = false } = args;
  const { db, site, now } = context.get(appContext);
  const change = request.method !== "GET" && request.method !== "HEAD";
  if (change && !cameFromThisSite(request, site)) {
    throw notAllowed("This request did not come from this site.");
  }
  const user = await signedInUserOf({ db, request, context, https: isHttps(site) });
  if (!user && admin) {
    const path = new URL(request.url).pathname.replace(/\.data$/, "");
    throw redirect(`/login?next=${encodeURIComponent(path)}`);
  }
  if (!user) throw redirect("/login", 303);
  if (recentSignIn && !signedInRecently(user, now())) throw redirect(LOG_IN_AGAIN, 303);
  if (admin && user.role !== "admin") throw notAllowed();
  if (change && request.method !== "POST") {
    throw data(null, { status: 405, headers: { Allow: "GET, HEAD, POST" } });
  }
  context.set(signedInUserContext, user);
  return user;
}
