import type { Database } from "#database/client.server";
import type { Role } from "#database/schema";
import type { Logger } from "#app/lib/logger";
import type { RateLimiter, RateRule, RateState } from "#app/lib/rate-limiter";
import { hashPassword, needsRehash, passwordProblem } from "./passwords.server";
import type { RegisterInput } from "./schemas";
import { createSession } from "./sessions.server";
import {
  issueTokens,
  revokeRefreshToken,
  rotateRefreshToken,
  type TokenPair,
} from "./tokens.server";
import {
  checkCredentials,
  createUser,
  findUserRole,
  updatePasswordHash,
  UsernameTakenError,
} from "./users.server";

/**
 * Limits on guessing and on mass registration (docs/security.md, "Login and registration
 * limits"). Windows are fixed, so a correct password works again once a window has passed.
 */
const RATE_RULES = {
  loginFailuresPerUsernameMinute: { limit: 5, windowSeconds: 60 },
  loginFailuresPerUsernameHour: { limit: 100, windowSeconds: 3600 },
  loginFailuresPerClient: { limit: 10, windowSeconds: 180 },
  registrationsPerClient: { limit: 10, windowSeconds: 60 },
} satisfies Record<string, RateRule>;

/** The account calls' answers, word for word (docs/requirements.md, "The older app's calls"). */
export const MESSAGES = {
  registered: "User registered successfully",
  usernameTaken: "Registration failed: Username already exists, please try another username",
  badCredentials: "No active account found with the given credentials",
  badRefresh: "Token is invalid or expired",
  tooManyLogins: "Too many failed attempts. Please wait a little and try again.",
  tooManyRegistrations:
    "Too many registrations from your network. Please wait a minute and try again.",
} as const;

type SignedInUser = { id: number; username: string; role: "student" | "admin" };

export type LogInResult =
  | { outcome: "signed-in"; user: SignedInUser; tokens: TokenPair; sessionId: string }
  | { outcome: "wrong-credentials" }
  | { outcome: "throttled"; retryAfterSeconds: number };

/**
 * A login attempt from `client` (the caller's network address): refused unasked while too
 * many recent attempts failed, so a blocked guess costs no password hash; otherwise the
 * password is checked, a failure counted, and a success given a token pair and a session.
 */
export async function logIn({
  db,
  limiter,
  logger,
  jwtSecret,
  username,
  password,
  client,
}: {
  db: Database;
  limiter: RateLimiter;
  logger: Logger;
  jwtSecret: string;
  username: string;
  password: string;
  client: string;
}): Promise<LogInResult> {
  const usernameKey = username.toLowerCase();
  const counters = [
    [`login-client:${client}`, RATE_RULES.loginFailuresPerClient],
    [`login-user:${usernameKey}`, RATE_RULES.loginFailuresPerUsernameMinute],
    [`login-user:${usernameKey}`, RATE_RULES.loginFailuresPerUsernameHour],
  ] as const;
  const states = await Promise.all(counters.map(([key, rule]) => limiter.check(key, rule)));
  const blocked = states.filter((state) => !state.allowed);
  if (blocked.length) {
    logger.warn({ event: "login-throttled", username, client }, "login refused: too many failures");
    return {
      outcome: "throttled",
      retryAfterSeconds: Math.max(...blocked.map((state) => state.retryAfterSeconds)),
    };
  }

  const user = await checkCredentials({ db, username, password });
  if (!user) {
    await Promise.all(counters.map(([key, rule]) => limiter.hit(key, rule)));
    logger.info({ event: "login-failed", username, client }, "login failed");
    return { outcome: "wrong-credentials" };
  }
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
  };
}

/**
 * Counts one registration attempt from `client`, valid or not, and says whether it may go
 * on: mass account creation is refused per network address.
 */
export function countRegistrationAttempt({
  limiter,
  client,
}: {
  limiter: RateLimiter;
  client: string;
}): Promise<RateState> {
  return limiter.hit(`register:${client}`, RATE_RULES.registrationsPerClient);
}

export type NewAccountResult =
  | { outcome: "created"; id: number }
  | { outcome: "weak-password"; message: string }
  | { outcome: "taken" };

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
  return rotateRefreshToken({
    db,
    secret: jwtSecret,
    token,
    roleOf: (userId) => findUserRole({ db, userId }),
  });
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
