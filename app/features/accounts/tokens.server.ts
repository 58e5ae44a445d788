import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { errors, jwtVerify, SignJWT } from "jose";
import type { Database } from "#database/client.server";
import { refreshTokens, type Role } from "#database/schema";

/** Lifetimes (docs/security.md, "Tokens"): short access, a week of refresh. */
const ACCESS_TOKEN_SECONDS = 15 * 60;
const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;
const ISSUER = "studyzed";
const AUDIENCE = "studyzed";

type TokenType = "access" | "refresh";

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

/** A new login: a fresh refresh-token family and an access token. */
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
  return issueInFamily({ db, secret, userId, role, familyId: randomId() });
}

async function issueInFamily({
  db,
  secret,
  userId,
  role,
  familyId,
}: {
  db: Database;
  secret: string;
  userId: number;
  role: Role;
  familyId: string;
}): Promise<TokenPair> {
  const id = randomId();
  await db.insert(refreshTokens).values({
    id,
    userId,
    familyId,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000),
  });
  const [refresh, access] = await Promise.all([
    sign(
      secret,
      {},
      { subject: String(userId), type: "refresh", seconds: REFRESH_TOKEN_SECONDS, id },
    ),
    sign(
      secret,
      { role },
      { subject: String(userId), type: "access", seconds: ACCESS_TOKEN_SECONDS },
    ),
  ]);
  return { refresh, access };
}

/**
 * Exchanges a refresh token for a new pair (rotation). A token already exchanged is a
 * sign of theft: its whole family is revoked and the caller gets nothing (TK-4).
 */
export async function rotateRefreshToken({
  db,
  secret,
  token,
  roleOf,
}: {
  db: Database;
  secret: string;
  token: string;
  roleOf: (userId: number) => Promise<Role | undefined>;
}): Promise<TokenPair | null> {
  let payload;
  try {
    payload = await verifyToken(secret, token, "refresh");
  } catch {
    return null;
  }
  if (!payload.jti) return null;
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, payload.jti));
  if (!row || row.revokedAt || row.expiresAt < new Date()) return null;
  // Mark it spent only if nobody else has: two racing exchanges of one token cannot both win.
  const spent = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (spent.length === 0) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.familyId, row.familyId));
    return null;
  }
  const role = await roleOf(row.userId);
  if (!role) return null;
  return issueInFamily({ db, secret, userId: row.userId, role, familyId: row.familyId });
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
  let payload;
  try {
    payload = await verifyToken(secret, token, "refresh");
  } catch {
    return false;
  }
  if (!payload.jti) return false;
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, payload.jti));
  if (!row) return false;
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(eq(refreshTokens.familyId, row.familyId));
  return true;
}

function randomId(): string {
  return randomBytes(16).toString("base64url");
}
