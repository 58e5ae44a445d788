import { eq } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { users, type Role } from "#database/schema";
import type { Logger } from "#app/lib/logger";
import { addressKey } from "#app/lib/address-key";
import { boundedWork, BusyError } from "#app/lib/bounded-work";
import type { RateLimiter } from "#app/lib/rate-limiter.server";
import { describeIssues } from "#app/lib/validation";
import { deviceLogin } from "./devices.server";
import { loginCounters, registrationCounters, type LoginCounters } from "./login-limits";
import { hashUnlessBusy, needsRehash, passwordProblem } from "./passwords.server";
import { RegisterSchema, type RegisterInput } from "./schemas";
import {
  createSession,
  deleteAllSessions,
  deleteSession,
  keptSession,
  type UserArgs,
} from "./sessions.server";
import { usernameKey } from "./usernames";
import { issueTokens, revokeAllFamilies, revokeFamily } from "./tokens.server";
import { checkCredentials } from "./users.server";

// Two of one address's logins go ahead at a time, the rest wait in its line: a flood from one
// address cannot fill the database's queue ahead of other students' logins
// (docs/security.md#login-and-registration-limits).
const loginTurns = boundedWork({
  running: Number.POSITIVE_INFINITY,
  runningPerClient: 2,
  waiting: 1024,
  waitingPerClient: 80,
});

type Services = { db: Database; limiter: RateLimiter; logger: Logger };
type Refused = {
  outcome: "throttled" | "signed-in-too-often" | "busy";
  retryAfterSeconds: number;
};

// A full password-check queue says nothing about the password: try again in a moment.
export const busy = { outcome: "busy", retryAfterSeconds: 2 } as const;

// The check takes a place in every counter first, so a burst gets no more checks than the limits
// allow; a failed check (null) keeps the failures' places, a passed one the successes'
// (docs/security.md#login-and-registration-limits).
export async function checkWithinLimits<T>(
  limiter: RateLimiter,
  { failures, successes }: LoginCounters,
  check: () => Promise<T | null>,
): Promise<{ outcome: "passed"; value: T } | { outcome: "failed" } | Refused> {
  const reservation = await limiter.reserve([...failures, ...successes]);
  if (!reservation.allowed) {
    const outcome = reservation.full.some((full) => successes.includes(full))
      ? "signed-in-too-often"
      : "throttled";
    return { outcome, retryAfterSeconds: reservation.retryAfterSeconds };
  }
  let value: T | null;
  try {
    value = await check();
  } catch (error) {
    await reservation.giveBack();
    if (error instanceof BusyError) return busy;
    throw error;
  }
  await reservation.giveBack(value === null ? successes : failures);
  return value === null ? { outcome: "failed" } : { outcome: "passed", value };
}

export type LogInResult = Awaited<ReturnType<typeof logIn>>;

type LogInArgs = Services & {
  jwtSecret: string;
  username: string;
  password: string;
  client: string;
  device?: { cookieHeader: string | null; https: boolean };
  /** "Keep me signed in on this phone" (docs/security.md#sessions). */
  keepSignedIn?: boolean;
  verify?: (storedHash: string, password: string) => Promise<boolean>;
};

export async function logIn(login: LogInArgs) {
  try {
    return await loginTurns(() => signIn(login), addressKey(login.client));
  } catch (error) {
    if (!(error instanceof BusyError)) throw error;
    login.logger.warn({ event: "login-busy", client: login.client }, "login refused: line full");
    return busy;
  }
}

async function signIn(login: LogInArgs) {
  const { db, limiter, logger, jwtSecret, username, password, client, device, verify } = login;
  const { keepSignedIn = false } = login;
  const key = usernameKey(username);
  const seen =
    key && device ? deviceLogin({ ...device, secret: jwtSecret, usernameKey: key }) : null;
  const counters = loginCounters({
    usernameKey: key,
    address: client,
    knownDeviceId: seen?.knownDeviceId ?? null,
  });
  // A name no account can have fails without a password check: nothing is hidden by one.
  const checked = await checkWithinLimits(limiter, counters, async () =>
    key ? checkCredentials({ db, username: key, password, client, verify }) : null,
  );
  switch (checked.outcome) {
    case "throttled":
    case "signed-in-too-often":
      logger.warn(
        { event: "login-throttled", username, client, counted: checked.outcome },
        "login refused: too many attempts",
      );
      return checked;
    case "busy":
      logger.warn({ event: "login-busy", client }, "login refused: password checks queue full");
      return checked;
    case "failed":
      logger.info({ event: "login-failed", username, client }, "login failed");
      return { outcome: "wrong-credentials" } as const;
  }
  const { id, role, passwordHash } = checked.value;
  const kept = keptSession({ keep: keepSignedIn, role });
  // With the queue full, the next login makes the stronger hash.
  const newHash = needsRehash(passwordHash) ? await hashUnlessBusy(password, client) : null;
  const { tokens, sessionId } = await db.transaction(async (tx) => {
    if (newHash) await tx.update(users).set({ passwordHash: newHash }).where(eq(users.id, id));
    const { familyId, ...tokens } = await issueTokens({ db: tx, jwtSecret, userId: id, role });
    return {
      tokens,
      sessionId: await createSession({ db: tx, userId: id, tokenFamilyId: familyId, kept }),
    };
  });
  logger.info({ event: "login", username: checked.value.username, client }, "logged in");
  return {
    outcome: "signed-in",
    user: { id, username: checked.value.username, role },
    tokens,
    session: { id: sessionId, kept },
    deviceCookie: seen?.cookieAfterLogin(),
  } as const;
}

type NewAccount = { db: Database; account: RegisterInput; role?: Role; client?: string };

export async function createAccount(args: NewAccount) {
  const { db, account, role = "student", client } = args;
  const { first_name: firstName, last_name: lastName, username, email, password } = account;
  const problem = passwordProblem(password, [username, firstName, lastName]);
  if (problem) return { outcome: "weak-password", message: problem } as const;
  const passwordHash = await hashUnlessBusy(password, client);
  if (!passwordHash) return busy;
  // The unique index on lower(username) settles a race for one name (docs/security.md#usernames).
  const [created] = await db
    .insert(users)
    .values({ firstName, lastName, username, email, passwordHash, role })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!created) return { outcome: "taken" } as const;
  return { outcome: "created", id: created.id } as const;
}

/** Every attempt counts against its address's limit, valid or not, against mass sign-ups. */
export async function registerStudent(
  registration: Services & { fields: unknown; client: string },
) {
  const { limiter, logger, db, fields, client } = registration;
  const reservation = await limiter.reserve(registrationCounters(client));
  if (!reservation.allowed) {
    return { outcome: "throttled", retryAfterSeconds: reservation.retryAfterSeconds } as const;
  }
  const parsed = RegisterSchema.safeParse(fields);
  if (!parsed.success)
    return { outcome: "invalid", problems: describeIssues(parsed.error) } as const;
  const result = await createAccount({ db, account: parsed.data, client });
  if (result.outcome === "created") {
    logger.info({ event: "register", username: parsed.data.username, client }, "account created");
  }
  return result;
}

/** Ends a browser's session, and the app tokens the same login issued. */
export async function logOut({ db, sessionId }: { db: Database; sessionId: string }) {
  await db.transaction(async (tx) => {
    const familyId = await deleteSession({ db: tx, sessionId });
    if (familyId) await revokeFamily({ db: tx, familyId });
  });
}

export async function endAllSignIns({ db, userId }: UserArgs): Promise<void> {
  await deleteAllSessions({ db, userId });
  await revokeAllFamilies({ db, userId });
}

export async function logOutEverywhere({ db, logger, userId }: UserArgs & { logger: Logger }) {
  await db.transaction((tx) => endAllSignIns({ db: tx, userId }));
  logger.info({ event: "logout-everywhere", userId }, "every session of an account ended");
}
