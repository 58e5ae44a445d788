import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { sessions, users, type Role } from "#database/schema";
import { readCookie } from "#app/lib/cookies";

/** At most 12 hours from sign-in (docs/security.md, "Sessions": ASVS level 2's absolute limit). */
const SESSION_SECONDS = 12 * 60 * 60;

export type SessionUser = { id: number; username: string; firstName: string; role: Role };

/**
 * The session cookie's name: with HTTPS the `__Host-` prefix pins it to this host, path
 * "/" and Secure (docs/security.md, "Sessions"); plain-HTTP development cannot use the prefix.
 */
function sessionCookieName(https: boolean): string {
  return https ? "__Host-studyzed_session" : "studyzed_session";
}

function hashOf(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

export async function createSession({
  db,
  userId,
}: {
  db: Database;
  userId: number;
}): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    idHash: hashOf(id),
    userId,
    expiresAt: new Date(Date.now() + SESSION_SECONDS * 1000),
  });
  return id;
}

export async function findSessionUser({
  db,
  sessionId,
}: {
  db: Database;
  sessionId: string;
}): Promise<SessionUser | undefined> {
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

export async function deleteSession({
  db,
  sessionId,
}: {
  db: Database;
  sessionId: string;
}): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashOf(sessionId)));
}

export async function deleteAllSessions({
  db,
  userId,
}: {
  db: Database;
  userId: number;
}): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export function sessionCookie({
  https,
  value,
  maxAgeSeconds = SESSION_SECONDS,
}: {
  https: boolean;
  value: string;
  maxAgeSeconds?: number;
}): string {
  return [
    `${sessionCookieName(https)}=${value}`,
    "Path=/",
    `Max-Age=${maxAgeSeconds}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(https ? ["Secure"] : []),
  ].join("; ");
}

/** The session id from a Cookie header, if there is one. */
export function sessionIdFrom(
  cookieHeader: string | null | undefined,
  https: boolean,
): string | undefined {
  return readCookie(cookieHeader, sessionCookieName(https));
}

/** The signed-in user behind a request's Cookie header, if any. */
export async function sessionUserFrom({
  db,
  cookieHeader,
  https,
}: {
  db: Database;
  cookieHeader: string | null | undefined;
  https: boolean;
}): Promise<SessionUser | undefined> {
  const sessionId = sessionIdFrom(cookieHeader, https);
  return sessionId ? findSessionUser({ db, sessionId }) : undefined;
}
