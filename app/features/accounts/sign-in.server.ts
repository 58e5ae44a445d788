import type { Database } from "#database/client.server";
import type { Role } from "#database/schema";
import type { Logger } from "#app/lib/logger";
import { BusyError } from "#app/lib/bounded-work";
import type { RateLimiter } from "#app/lib/rate-limiter.server";
import { describeIssues } from "#app/lib/validation";
import { deviceCookieAfterLogin, knownDeviceId } from "./devices.server";
import { loginCounters, registrationCounters, unknownNameCounters } from "./login-limits";
import { hashPassword, needsRehash, passwordProblem } from "./passwords.server";
import { RegisterSchema, type RegisterInput } from "./schemas";
import { createSession, deleteAllSessions } from "./sessions.server";
import { usernameKey } from "./usernames";
import {
  issueTokens,
  revokeAllFamilies,
  revokeRefreshToken,
  rotateRefreshToken,
  type TokenPair,
} from "./tokens.server";
import {
  checkCredentials,
  createUser,
  updatePasswordHash,
  UsernameTakenError,
} from "./users.server";

/** A full password-check queue says nothing about the password: try again in a moment. */
export const BUSY_RETRY_SECONDS = 2;

type Services = { db: Database; limiter: RateLimiter; logger: Logger };

type Throttled = { outcome: "throttled" | "busy"; retryAfterSeconds: number };

const busy = { outcome: "busy", retryAfterSeconds: BUSY_RETRY_SECONDS } as const;

export type LogInResult =
  | {
      outcome: "signed-in";
      user: { id: number; username: string; role: Role };
      tokens: TokenPair;
      sessionId: string;
      deviceCookie: string | undefined;
    }
  | { outcome: "wrong-credentials" }
  | Throttled;

/**
 * The attempt takes its place in every counter (./login-limits.ts) before any password
 * check, so a burst gets no more checks than the limits allow; only failures keep it.
 */
export async function logIn({
  db,
  limiter,
  logger,
  jwtSecret,
  username,
  password,
  client,
  device,
  verify,
}: Services & {
  jwtSecret: string;
  username: string;
  password: string;
  client: string;
  device?: { cookieHeader: string | null; https: boolean };
  /** Replaced only by tests that count password checks. */
  verify?: (storedHash: string, password: string) => Promise<boolean>;
}): Promise<LogInResult> {
  const key = usernameKey(username);
  const knownDevice =
    key && device ? knownDeviceId({ ...device, secret: jwtSecret, usernameKey: key }) : null;
  const counters = key
    ? loginCounters({ usernameKey: key, address: client, knownDeviceId: knownDevice })
    : unknownNameCounters(client);
  const reservation = await limiter.reserve(counters);
  if (!reservation.allowed) {
    logger.warn({ event: "login-throttled", username, client }, "login refused: too many failures");
    return { outcome: "throttled", retryAfterSeconds: reservation.retryAfterSeconds };
  }
  // A name no account can have fails without a password check: nothing is hidden by one.
  let user: Awaited<ReturnType<typeof checkCredentials>> = null;
  try {
    if (key) user = await checkCredentials({ db, username: key, password, verify });
  } catch (error) {
    await reservation.giveBack();
    if (error instanceof BusyError) {
      logger.warn({ event: "login-busy", client }, "login refused: password checks queue full");
      return busy;
    }
    throw error;
  }
  if (!user) {
    logger.info({ event: "login-failed", username, client }, "login failed");
    return { outcome: "wrong-credentials" };
  }
  await reservation.giveBack();
  const newHash = needsRehash(user.passwordHash) ? await rehash(password) : undefined;
  const { id, role } = user;
  const { tokens, sessionId } = await db.transaction(async (tx) => {
    if (newHash) await updatePasswordHash({ db: tx, userId: id, passwordHash: newHash });
    return {
      tokens: await issueTokens({ db: tx, secret: jwtSecret, userId: id, role }),
      sessionId: await createSession({ db: tx, userId: id }),
    };
  });
  logger.info({ event: "login", username: user.username, client }, "logged in");
  return {
    outcome: "signed-in",
    user: { id, username: user.username, role },
    tokens,
    sessionId,
    deviceCookie: device
      ? deviceCookieAfterLogin({ ...device, secret: jwtSecret, usernameKey: key! })
      : undefined,
  };
}

/** A stronger hash of a proved password; with the queue full, the next login makes it. */
async function rehash(password: string): Promise<string | undefined> {
  try {
    return await hashPassword(password);
  } catch (error) {
    if (error instanceof BusyError) return undefined;
    throw error;
  }
}

export type NewAccountResult =
  | { outcome: "created"; id: number }
  | { outcome: "weak-password"; message: string }
  | { outcome: "taken" }
  | typeof busy;

export async function createAccount({
  db,
  account,
  role = "student",
}: {
  db: Database;
  account: RegisterInput;
  role?: Role;
}): Promise<NewAccountResult> {
  const { first_name: firstName, last_name: lastName, username, email, password } = account;
  const problem = passwordProblem({ password, username, firstName, lastName });
  if (problem) return { outcome: "weak-password", message: problem };
  try {
    const { id } = await createUser({
      db,
      user: { firstName, lastName, username, email, passwordHash: await hashPassword(password) },
      role,
    });
    return { outcome: "created", id };
  } catch (error) {
    if (error instanceof UsernameTakenError) return { outcome: "taken" };
    if (error instanceof BusyError) return busy;
    throw error;
  }
}

export type RegistrationResult =
  | NewAccountResult
  | Throttled
  | { outcome: "invalid"; problems: ReturnType<typeof describeIssues> };

/** Every attempt counts against its address's limit, valid or not, against mass sign-ups. */
export async function registerStudent({
  limiter,
  logger,
  db,
  fields,
  client,
}: Services & { fields: unknown; client: string }): Promise<RegistrationResult> {
  const reservation = await limiter.reserve(registrationCounters(client));
  if (!reservation.allowed) {
    return { outcome: "throttled", retryAfterSeconds: reservation.retryAfterSeconds };
  }
  const parsed = RegisterSchema.safeParse(fields);
  if (!parsed.success) return { outcome: "invalid", problems: describeIssues(parsed.error) };
  const result = await createAccount({ db, account: parsed.data });
  if (result.outcome === "created") {
    logger.info({ event: "register", username: parsed.data.username, client }, "account created");
  }
  return result;
}

/** A token presented twice revokes its whole family, since one of the two is a thief's. */
export async function exchangeRefreshToken({
  db,
  jwtSecret,
  token,
}: {
  db: Database;
  jwtSecret: string;
  token: string;
}): Promise<{ outcome: "exchanged"; tokens: TokenPair } | { outcome: "refused" }> {
  const tokens = await rotateRefreshToken({ db, secret: jwtSecret, token });
  return tokens ? { outcome: "exchanged", tokens } : { outcome: "refused" };
}

export async function endAppSession({
  db,
  jwtSecret,
  token,
}: {
  db: Database;
  jwtSecret: string;
  token: string;
}): Promise<{ outcome: "ended" | "refused" }> {
  const ended = await revokeRefreshToken({ db, secret: jwtSecret, token });
  return { outcome: ended ? "ended" : "refused" };
}

export async function logOutEverywhere({
  db,
  logger,
  userId,
}: {
  db: Database;
  logger: Logger;
  userId: number;
}): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteAllSessions({ db: tx, userId });
    await revokeAllFamilies({ db: tx, userId });
  });
  logger.info({ event: "logout-everywhere", userId }, "every session of an account ended");
}
