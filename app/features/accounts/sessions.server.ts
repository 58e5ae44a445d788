import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { sessions, users } from "#database/schema";
import { readCookie } from "#app/lib/cookies";

// ASVS level 2's absolute limit (docs/security.md#sessions).
const SESSION_SECONDS = 12 * 60 * 60;

export type UserArgs = { db: Database; userId: number };
type SessionArgs = { db: Database; sessionId: string };
type CookieHeader = string | null | undefined;
export type SessionUser = NonNullable<Awaited<ReturnType<typeof findSessionUser>>>;

const sessionCookieName = (https: boolean) =>
  https ? "__Host-studyzed_session" : "studyzed_session";

function hashOf(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** `tokenFamilyId`: the app tokens the same login issued, which its log out ends too. */
type NewSession = UserArgs & { tokenFamilyId?: string };

export async function createSession({ db, userId, tokenFamilyId }: NewSession): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    idHash: hashOf(id),
    userId,
    expiresAt: new Date(Date.now() + SESSION_SECONDS * 1000),
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

export function setCookie(
  name: string,
  value: string,
  { https, maxAgeSeconds, path = "/" }: { https: boolean; maxAgeSeconds: number; path?: string },
): string {
  const secure = https ? "; Secure" : "";
  return `${name}=${value}; Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

type SessionCookieArgs = { https: boolean; value: string; maxAgeSeconds?: number };

export function sessionCookie(args: SessionCookieArgs): string {
  const { https, value, maxAgeSeconds = SESSION_SECONDS } = args;
  return setCookie(sessionCookieName(https), value, { https, maxAgeSeconds });
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
