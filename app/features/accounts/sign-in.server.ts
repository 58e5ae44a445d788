import type { Database } from "#database/client.server";
import type { Role } from "#database/schema";
import type { Logger } from "#app/lib/logger";
import { BusyError } from "#app/lib/bounded-work";
import type { RateLimiter } from "#app/lib/rate-limiter.server";
import { deviceCookieAfterLogin, knownDeviceId } from "./devices.server";
import { loginCounters, registrationCounters, unknownNameCounters } from "./login-limits";
import { hashPassword, needsRehash, passwordProblem } from "./passwords.server";
import type { RegisterInput } from "./schemas";
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

/** The account calls' answers, word for word (docs/requirements.md, "The older app's calls"). */
export const MESSAGES = {
  registered: "User registered successfully",
  usernameTaken: "Registration failed: Username already exists, please try another username",
  badCredentials: "No active account found with the given credentials",
  badRefresh: "Token is invalid or expired",
  tooManyLogins: "Too many failed attempts. Please wait a little and try again.",
  tooManyRegistrations:
    "Too many registrations from your network. Please wait a little and try again.",
  busy: "Many students are signing in right now. Please try again in a moment.",
} as const;

/** How long to wait when the password checks' queue was full: a moment, not a window. */
export const BUSY_RETRY_SECONDS = 2;

type SignedInUser = { id: number; username: string; role: "student" | "admin" };

export type LogInResult =
  | {
      outcome: "signed-in";
      user: SignedInUser;
      tokens: TokenPair;
      sessionId: string;
      /** For a browser: the device cookie that now remembers this account (./devices.server.ts). */
      deviceCookie: string | undefined;
    }
  | { outcome: "wrong-credentials" }
  | { outcome: "throttled"; retryAfterSeconds: number }
  | { outcome: "busy" };

/**
 * A login attempt from `client` (the caller's network address), and from a browser's
 * `device` when it came through the login form. The attempt first takes its place in every
 * counter that limits it (./login-limits.ts), all at once: while any is full it is refused
 * and no password hash runs, however many attempts arrive together. A wrong password keeps
 * its place; a right one gives it back, since only failures count. A success gets a token
 * pair, a session and, in a browser, the device cookie.
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
}: {
  db: Database;
  limiter: RateLimiter;
  logger: Logger;
  jwtSecret: string;
  username: string;
  password: string;
  client: string;
  device?: { cookieHeader: string | null; https: boolean };
  /** The password check; replaced only by tests that count checks. */
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
      return { outcome: "busy" };
    }
    throw error;
  }
  if (!user) {
    logger.info({ event: "login-failed", username, client }, "login failed");
    return { outcome: "wrong-credentials" };
  }
  await reservation.giveBack();
  if (needsRehash(user.passwordHash)) {
    await updatePasswordHash({ db, userId: user.id, passwordHash: await hashPassword(password) });
  }
  const tokens = await issueTokens({ db, secret: jwtSecret, userId: user.id, role: user.role });
  const sessionId = await createSession({ db, userId: user.id });
  logger.info({ event: "login", username: user.username, client }, "logged in");
  return {
    outcome: "signed-in",
    user: { id: user.id, username: user.username, role: user.role },
    tokens,
    sessionId,
    deviceCookie: device
      ? deviceCookieAfterLogin({ ...device, secret: jwtSecret, usernameKey: key! })
      : undefined,
  };
}

/**
 * Counts one registration attempt from `client`, valid or not, and says whether it may go
 * on: mass account creation is refused per network address.
 */
export async function countRegistrationAttempt({
  limiter,
  client,
}: {
  limiter: RateLimiter;
  client: string;
}): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const reservation = await limiter.reserve(registrationCounters(client));
  return reservation.allowed
    ? { allowed: true, retryAfterSeconds: 0 }
    : { allowed: false, retryAfterSeconds: reservation.retryAfterSeconds };
}

export type NewAccountResult =
  | { outcome: "created"; id: number }
  | { outcome: "weak-password"; message: string }
  | { outcome: "taken" }
  | { outcome: "busy" };

/**
 * A new account (a student unless said otherwise), unless its password is too weak or its
 * username is taken. The input has passed RegisterSchema.
 */
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
    if (error instanceof BusyError) return { outcome: "busy" };
    throw error;
  }
}

/** A student registering: a new account, logged with the address it came from. */
export async function registerStudent({
  db,
  logger,
  student,
  client,
}: {
  db: Database;
  logger: Logger;
  student: RegisterInput;
  client: string;
}): Promise<NewAccountResult> {
  const result = await createAccount({ db, account: student });
  if (result.outcome === "created") {
    logger.info({ event: "register", username: student.username, client }, "account created");
  }
  return result;
}

/**
 * A refresh token exchanged for a new pair (rotation), or null when it is not valid; a
 * token presented twice revokes its whole family, since one of the two is a thief.
 */
export function exchangeRefreshToken({
  db,
  jwtSecret,
  token,
}: {
  db: Database;
  jwtSecret: string;
  token: string;
}): Promise<TokenPair | null> {
  return rotateRefreshToken({ db, secret: jwtSecret, token });
}

/** Ends an app session: the refresh token's whole family stops working. False if it was not valid. */
export function endAppSession({
  db,
  jwtSecret,
  token,
}: {
  db: Database;
  jwtSecret: string;
  token: string;
}): Promise<boolean> {
  return revokeRefreshToken({ db, secret: jwtSecret, token });
}

/**
 * "Log out everywhere": every browser session and every app sign-in of the account ends,
 * for a student who signed in on a phone that is not theirs, or lost one.
 */
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
