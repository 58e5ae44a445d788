import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { sessions, tokenFamilies, users } from "#database/schema";
import { readCookie } from "#app/lib/cookies";
import { viewerCookieName } from "#app/lib/viewer";

// ASVS level 2's absolute limit, and the longer one a student may choose on their own phone
// (docs/security.md#sessions).
const SESSION_SECONDS = 12 * 60 * 60;
const KEPT_SESSION_SECONDS = 30 * 24 * 60 * 60;

/** Whether a login's session is kept: an admin's never lasts past the usual limit. */
export const keptSession = ({ keep, role }: { keep: boolean; role: string }) =>
  keep && role !== "admin";

export type UserArgs = { db: Database; userId: number };
type SessionArgs = { db: Database; sessionId: string };
type CookieHeader = string | null | undefined;
export type SessionUser = NonNullable<Awaited<ReturnType<typeof findSessionUser>>>;

const sessionCookieName = (https: boolean) =>
  https ? "__Host-studyzed_session" : "studyzed_session";

function hashOf(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** Within the usual limit of signing in: what the account page asks of a kept session. */
export const signedInRecently = ({ signedInAt }: { signedInAt: Date }, now: Date) =>
  now.getTime() - signedInAt.getTime() <= SESSION_SECONDS * 1000;

/** `tokenFamilyId`: the app tokens the same login issued, which its log out ends too. */
type NewSession = UserArgs & { tokenFamilyId?: string; kept?: boolean };

export async function createSession(args: NewSession): Promise<string> {
  const { db, userId, tokenFamilyId, kept = false } = args;
  const id = randomBytes(32).toString("base64url");
  const seconds = kept ? KEPT_SESSION_SECONDS : SESSION_SECONDS;
  const now = Date.now();
  await db.insert(sessions).values({
    idHash: hashOf(id),
    userId,
    createdAt: new Date(now),
    expiresAt: new Date(now + seconds * 1000),
    keptSignedIn: kept,
    tokenFamilyId,
  });
  return id;
}

export async function findSessionUser({ db, sessionId }: SessionArgs) {
  if (!/^[\w-]{43}$/.test(sessionId)) return undefined;
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      role: users.role,
      signedInAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      keptSignedIn: sessions.keptSignedIn,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, hashOf(sessionId)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return user;
}

/** The token family its login issued, if any, for the caller to end too. */
export async function deleteSession({ db, sessionId }: SessionArgs): Promise<string | null> {
  const [ended] = await db
    .delete(sessions)
    .where(eq(sessions.idHash, hashOf(sessionId)))
    .returning({ family: sessions.tokenFamilyId });
  return ended?.family ?? null;
}

export async function deleteAllSessions({ db, userId }: UserArgs): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

type CookieOptions = { https: boolean; maxAgeSeconds: number; path?: string; script?: boolean };

/** `script`: the page's own scripts may read it; every other cookie is HttpOnly. */
export function setCookie(name: string, value: string, options: CookieOptions): string {
  const { https, maxAgeSeconds, path = "/", script = false } = options;
  const secure = https ? "; Secure" : "";
  const httpOnly = script ? "" : "; HttpOnly";
  return `${name}=${value}; Path=${path}; Max-Age=${maxAgeSeconds}${httpOnly}; SameSite=Lax${secure}`;
}

/** A session's cookie; `null` ends it on the phone. `kept` sessions live 30 days. */
export function sessionCookie({ https, session }: { https: boolean; session: NewCookie | null }) {
  const seconds = !session ? 0 : session.kept ? KEPT_SESSION_SECONDS : SESSION_SECONDS;
  return setCookie(sessionCookieName(https), session?.id ?? "", { https, maxAgeSeconds: seconds });
}
type NewCookie = { id: string; kept: boolean };

/**
 * Who is signed in, for the phone's kept copies of pages: the offline helper redraws a copy's
 * header from it (docs/decisions/0103-who-is-signed-in-on-every-copy.md). Only the first
 * name, and it ends with the session.
 */
export function viewerCookie(args: { https: boolean; firstName: string; maxAgeSeconds: number }) {
  const { https, firstName, maxAgeSeconds } = args;
  const value = viewerCookieValue(firstName);
  return setCookie(viewerCookieName(https), value, { https, maxAgeSeconds, script: true });
}

const viewerCookieValue = (firstName: string) => encodeURIComponent(firstName);

/** Whether the phone's readable cookie already names `firstName` ("" for no one). */
export function viewerCookieSays(cookieHeader: CookieHeader, https: boolean, firstName: string) {
  return (readCookie(cookieHeader, viewerCookieName(https)) ?? "") === viewerCookieValue(firstName);
}

export function sessionIdFrom(cookieHeader: CookieHeader, https: boolean): string | undefined {
  return readCookie(cookieHeader, sessionCookieName(https));
}

type CookieSession = { db: Database; cookieHeader: CookieHeader; https: boolean };

export async function sessionUserFrom(args: CookieSession): Promise<SessionUser | undefined> {
  const { db, cookieHeader, https } = args;
  const sessionId = sessionIdFrom(cookieHeader, https);
  return sessionId ? findSessionUser({ db, sessionId }) : undefined;
}

/**
 * Browser sessions and app sign-ins past their end, which nothing can use any more, go; a
 * family's refresh tokens go with it (docs/security.md#sessions).
 */
export async function deleteExpiredSignIns({ db, now }: { db: Database; now: Date }) {
  const [ended, endedFamilies] = await Promise.all([
    db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.idHash }),
    db
      .delete(tokenFamilies)
      .where(lt(tokenFamilies.expiresAt, now))
      .returning({ id: tokenFamilies.id }),
  ]);
  return { sessions: ended.length, tokenFamilies: endedFamilies.length };
}
