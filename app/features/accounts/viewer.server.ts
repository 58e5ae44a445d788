import { createContext, type RouterContextProvider } from "react-router";
import type { Database } from "#database/client.server";
import { findSessionUser, sessionIdFrom, type SessionUser } from "./sessions.server";

/** Who the site header names as signed in. */
export type Viewer = { firstName: string };

/**
 * The session the login form began in this very request: the page that says "Login
 * successful!" is answered before the browser can send the new cookie, and its header
 * already names the student.
 */
export const newSessionContext = createContext<string | null>(null);

type SignedInRequest = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  https: boolean;
};

function sessionIdOf({ request, context, https }: SignedInRequest): string | undefined {
  return context.get(newSessionContext) ?? sessionIdFrom(request.headers.get("cookie"), https);
}

/** The signed-in student behind a request, or null: no session cookie, or an ended session. */
export async function viewerOf({
  db,
  ...signedIn
}: SignedInRequest & { db: Database }): Promise<Viewer | null> {
  const user = await signedInUserOf({ db, ...signedIn });
  return user ? { firstName: user.firstName || user.username } : null;
}

/**
 * The signed-in user behind a request, the session begun in this very request included: a
 * password change ends the session the browser sent and answers with a new one.
 */
export function signedInUserOf({
  db,
  ...signedIn
}: SignedInRequest & { db: Database }): Promise<SessionUser | undefined> {
  const sessionId = sessionIdOf(signedIn);
  if (!sessionId) return Promise.resolve(undefined);
  // The header (root loader) and the page's own loader both ask, at once: one query answers
  // both. Kept per request and per session id, so a session begun in the request is read anew.
  const known = lookupsOf(signedIn.context);
  let user = known.get(sessionId);
  if (!user) {
    user = findSessionUser({ db, sessionId });
    known.set(sessionId, user);
  }
  return user;
}

const lookupsByRequest = new WeakMap<object, Map<string, Promise<SessionUser | undefined>>>();

function lookupsOf(context: object): Map<string, Promise<SessionUser | undefined>> {
  let lookups = lookupsByRequest.get(context);
  if (!lookups) {
    lookups = new Map();
    lookupsByRequest.set(context, lookups);
  }
  return lookups;
}

/**
 * A page answered to a browser with a session may name its student: no cache, shared or
 * the browser's own, may keep it (docs/decisions/0041-the-header-names-who-is-signed-in.md).
 */
export function keepSignedInPagePrivate({
  response,
  ...signedIn
}: SignedInRequest & { response: Response }): void {
  if (!sessionIdOf(signedIn)) return;
  if (!response.headers.get("content-type")?.startsWith("text/html")) return;
  // Already kept by no cache at all (the login and admin pages).
  if (/\bno-store\b/.test(response.headers.get("cache-control") ?? "")) return;
  response.headers.set("Cache-Control", "private, no-store");
}
