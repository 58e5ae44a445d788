import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, type SQL } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { refreshTokens, tokenFamilies, users, type Role } from "#database/schema";
import type { UserArgs } from "./sessions.server";

// docs/security.md#tokens: a family ends 30 days after the login however often it is refreshed,
// so the app asks for the password at least once a month.
const ACCESS_TOKEN_SECONDS = 15 * 60;
const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;
const FAMILY_SECONDS = 30 * 24 * 60 * 60;
const ISSUER = "studyzed";

type TokenType = "access" | "refresh";
type TokenArgs = { db: Database; jwtSecret: string; token: string };
type Signed = { subject: string; type: TokenType; seconds: number } & Partial<{
  id: string;
  role: Role;
  family: string;
}>;

// Loaded for the first token, not at start (docs/decisions/0057-start-within-a-second.md).
const loadJose = () => import("jose");

const keyOf = (secret: string) => new TextEncoder().encode(secret);
const randomId = () => randomBytes(16).toString("base64url");

async function sign(secret: string, { subject, type, seconds, id, role, family }: Signed) {
  const { SignJWT } = await loadJose();
  const token = new SignJWT({ role, typ: type, fam: family })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(subject)
    .setIssuer(ISSUER)
    .setAudience(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${seconds}s`);
  if (id) token.setJti(id);
  return token.sign(keyOf(secret));
}

/** Null unless signature (HS256 only, so never `none`), issuer, audience, expiry and type hold. */
async function verifiedClaims(secret: string, token: string, type: TokenType) {
  try {
    const { jwtVerify } = await loadJose();
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: ISSUER,
    });
    return payload.typ === type ? payload : null;
  } catch {
    return null;
  }
}

export async function issueTokens(args: UserArgs & { jwtSecret: string; role: Role }) {
  const { db, jwtSecret, userId, role } = args;
  const family = { id: randomId(), expiresAt: new Date(Date.now() + FAMILY_SECONDS * 1000) };
  await db.insert(tokenFamilies).values({ ...family, userId });
  return { ...(await issueInFamily(db, jwtSecret, { userId, role, family })), familyId: family.id };
}

async function issueInFamily(
  db: Database,
  jwtSecret: string,
  { userId, role, family }: { userId: number; role: Role; family: { id: string; expiresAt: Date } },
) {
  const id = randomId();
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
  const subject = String(userId);
  const [refresh, access] = await Promise.all([
    sign(jwtSecret, { subject, type: "refresh", seconds, id }),
    // Its family ends it at once: a log out, a new password, "log out everywhere".
    sign(jwtSecret, {
      subject,
      type: "access",
      seconds: ACCESS_TOKEN_SECONDS,
      role,
      family: family.id,
    }),
  ]);
  return { refresh, access };
}

const refused = { outcome: "refused" } as const;

const storedTokenId = async (secret: string, token: string) =>
  (await verifiedClaims(secret, token, "refresh"))?.jti ?? null;

// A token presented twice revokes its whole family, since one of the two is a thief's: of racing
// exchanges, the first to mark it spent wins, and the rest revoke the winner's new token too.
export async function exchangeRefreshToken({ db, jwtSecret, token }: TokenArgs) {
  const id = await storedTokenId(jwtSecret, token);
  if (!id) return refused;
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
    if (!row) return refused;
    // The row's lock makes racing exchanges queue here.
    const spent = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (spent.length === 0) {
      await revokeFamilies(tx, eq(tokenFamilies.id, row.family.id));
      return refused;
    }
    return { outcome: "exchanged", tokens: await issueInFamily(tx, jwtSecret, row) } as const;
  });
}

export async function endAppSession({ db, jwtSecret, token }: TokenArgs) {
  const id = await storedTokenId(jwtSecret, token);
  if (!id) return refused;
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, id));
  if (!row) return refused;
  await revokeFamily({ db, familyId: row.familyId });
  return { outcome: "ended" } as const;
}

export function revokeFamily({ db, familyId }: { db: Database; familyId: string }) {
  return revokeFamilies(db, eq(tokenFamilies.id, familyId));
}

export async function revokeAllFamilies({ db, userId }: UserArgs) {
  await revokeFamilies(db, eq(tokenFamilies.userId, userId));
}

function revokeFamilies(db: Database, which: SQL) {
  return db
    .update(tokenFamilies)
    .set({ revokedAt: new Date() })
    .where(and(which, isNull(tokenFamilies.revokedAt)));
}

type AccessTokenArgs = { db: Database; secret: string; authorization: string | null };

export async function accessTokenUser(args: AccessTokenArgs) {
  const { db, secret, authorization } = args;
  const token = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/.exec(authorization ?? "")?.[1];
  if (!token) return undefined;
  const claims = await verifiedClaims(secret, token, "access");
  const userId = Number(claims?.sub);
  if (!Number.isSafeInteger(userId) || typeof claims?.fam !== "string") return undefined;
  const [user] = await db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .innerJoin(tokenFamilies, eq(tokenFamilies.userId, users.id))
    .where(
      and(
        eq(users.id, userId),
        eq(tokenFamilies.id, claims.fam),
        gt(tokenFamilies.expiresAt, new Date()),
        isNull(tokenFamilies.revokedAt),
      ),
    );
  return user;
}
