import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, type SQL } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { refreshTokens, tokenFamilies, users, type Role } from "#database/schema";

/**
 * Lifetimes (docs/security.md, "Tokens"): short access, a week of refresh, and 30 days for a
 * whole family, so that the app asks for the password again at least once a month.
 */
const ACCESS_TOKEN_SECONDS = 15 * 60;
const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;
const FAMILY_SECONDS = 30 * 24 * 60 * 60;
const ISSUER = "studyzed";
const AUDIENCE = "studyzed";

type TokenType = "access" | "refresh";

/**
 * jose is loaded by the first request with a token, not by every start
 * (docs/decisions/0057-start-within-a-second.md).
 */
const loadJose = () => import("jose");

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

async function sign(
  secret: string,
  claims: Record<string, unknown>,
  {
    subject,
    type,
    seconds,
    id,
  }: { subject: string; type: TokenType; seconds: number; id?: string },
) {
  const { SignJWT } = await loadJose();
  const token = new SignJWT({ ...claims, typ: type })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(subject)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${seconds}s`);
  if (id) token.setJti(id);
  return token.sign(keyOf(secret));
}

/** Verifies signature (HS256 only, so never `none`), issuer, audience, expiry and type (TK-1, TK-2). */
async function verifyToken(secret: string, token: string, type: TokenType) {
  const { errors, jwtVerify } = await loadJose();
  const { payload } = await jwtVerify(token, keyOf(secret), {
    algorithms: ["HS256"],
    issuer: ISSUER,
    audience: AUDIENCE,
  });
  if (payload.typ !== type)
    throw new errors.JWTClaimValidationFailed(
      `not a ${type} token`,
      payload,
      "typ",
      "check_failed",
    );
  return payload;
}

export type TokenPair = { refresh: string; access: string };

/** A new login: a fresh refresh-token family, which ends FAMILY_SECONDS from now, and an access token. */
export async function issueTokens({
  db,
  secret,
  userId,
  role,
}: {
  db: Database;
  secret: string;
  userId: number;
  role: Role;
}): Promise<TokenPair> {
  const family = { id: randomId(), expiresAt: new Date(Date.now() + FAMILY_SECONDS * 1000) };
  await db.insert(tokenFamilies).values({ ...family, userId });
  return issueInFamily({ db, secret, userId, role, family });
}

async function issueInFamily({
  db,
  secret,
  userId,
  role,
  family,
}: {
  db: Database;
  secret: string;
  userId: number;
  role: Role;
  family: { id: string; expiresAt: Date };
}): Promise<TokenPair> {
  const id = randomId();
  // A week, but never past the family's end.
  const seconds = Math.min(
    REFRESH_TOKEN_SECONDS,
    Math.floor((family.expiresAt.getTime() - Date.now()) / 1000),
  );
  await db.insert(refreshTokens).values({
    id,
    userId,
    familyId: family.id,
    expiresAt: new Date(Date.now() + seconds * 1000),
  });
  const [refresh, access] = await Promise.all([
    sign(secret, {}, { subject: String(userId), type: "refresh", seconds, id }),
    sign(
      secret,
      { role },
      { subject: String(userId), type: "access", seconds: ACCESS_TOKEN_SECONDS },
    ),
  ]);
  return { refresh, access };
}

/** The stored token a refresh token names, if its signature and claims are good. */
async function storedTokenId(secret: string, token: string): Promise<string | null> {
  try {
    return (await verifyToken(secret, token, "refresh")).jti ?? null;
  } catch {
    return null;
  }
}

/**
 * Exchanges a refresh token for a new pair (rotation). A token already exchanged is a
 * sign of theft: its whole family is revoked and the caller gets nothing. Of any number of
 * exchanges of one token racing each other, the one whose mark lands first wins; the rest
 * revoke the family, the winner's new token with it.
 */
export async function rotateRefreshToken({
  db,
  secret,
  token,
}: {
  db: Database;
  secret: string;
  token: string;
}): Promise<TokenPair | null> {
  const id = await storedTokenId(secret, token);
  if (!id) return null;
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .select({
        userId: refreshTokens.userId,
        role: users.role,
        family: { id: tokenFamilies.id, expiresAt: tokenFamilies.expiresAt },
      })
      .from(refreshTokens)
      .innerJoin(tokenFamilies, eq(tokenFamilies.id, refreshTokens.familyId))
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(
        and(
          eq(refreshTokens.id, id),
          gt(refreshTokens.expiresAt, now),
          gt(tokenFamilies.expiresAt, now),
          isNull(tokenFamilies.revokedAt),
        ),
      );
    if (!row) return null;
    // Mark it spent only if nobody else has: the row's lock makes racing exchanges queue here.
    const spent = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (spent.length === 0) {
      await revokeFamilies(tx, eq(tokenFamilies.id, row.family.id));
      return null;
    }
    return issueInFamily({
      db: tx,
      secret,
      userId: row.userId,
      role: row.role,
      family: row.family,
    });
  });
}

/**
 * Logging out of the app: the refresh token's whole family is revoked, so neither it nor
 * any token rotated from it works again (docs/security.md, "Tokens"). False if it was not valid.
 */
export async function revokeRefreshToken({
  db,
  secret,
  token,
}: {
  db: Database;
  secret: string;
  token: string;
}): Promise<boolean> {
  const id = await storedTokenId(secret, token);
  if (!id) return false;
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, id));
  if (!row) return false;
  await revokeFamilies(db, eq(tokenFamilies.id, row.familyId));
  return true;
}

/** Every app sign-in of one account ends: no refresh token of theirs works again. */
export async function revokeAllFamilies({ db, userId }: { db: Database; userId: number }) {
  await revokeFamilies(db, eq(tokenFamilies.userId, userId));
}

function revokeFamilies(db: Database, which: SQL) {
  return db
    .update(tokenFamilies)
    .set({ revokedAt: new Date() })
    .where(and(which, isNull(tokenFamilies.revokedAt)));
}

function randomId(): string {
  return randomBytes(16).toString("base64url");
}

/**
 * The account an app's access token (`Authorization: Bearer …`) speaks for, or undefined: a
 * bad, expired or refresh token, or an account deleted since it was issued.
 */
export async function accessTokenUser({
  db,
  secret,
  authorization,
}: {
  db: Database;
  secret: string;
  authorization: string | null;
}): Promise<{ id: number; username: string; role: Role } | undefined> {
  const token = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/.exec(authorization ?? "")?.[1];
  if (!token) return undefined;
  let userId: number;
  try {
    userId = Number((await verifyToken(secret, token, "access")).sub);
  } catch {
    return undefined;
  }
  if (!Number.isSafeInteger(userId)) return undefined;
  const [user] = await db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}
