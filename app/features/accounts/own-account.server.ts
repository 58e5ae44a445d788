import { asc, eq, or } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { users } from "#database/schema";
import { BusyError } from "#app/lib/bounded-work";
import type { Logger } from "#app/lib/logger";
import type { RateLimiter } from "#app/lib/rate-limiter.server";
import { deleteAttemptsOf } from "#app/features/progress/public.server";
import { loginCounters } from "./login-limits";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords.server";
import { createSession, deleteAllSessions } from "./sessions.server";
import { BUSY_RETRY_SECONDS } from "./sign-in.server";
import { revokeAllFamilies } from "./tokens.server";
import { usernameKey } from "./usernames";
import { updatePasswordHash } from "./users.server";

export type PasswordChangeResult =
  | { outcome: "changed"; sessionId: string }
  | { outcome: "wrong-password" }
  | { outcome: "weak-password"; message: string }
  | { outcome: "throttled" | "busy"; retryAfterSeconds: number };

const busy = { outcome: "busy", retryAfterSeconds: BUSY_RETRY_SECONDS } as const;

async function accountOf(db: Database, userId: number) {
  const [user] = await db
    .select({
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error("the signed-in account no longer exists");
  return user;
}

/**
 * From the My account page (docs/decisions/0045-the-account-pages.md). The proof of the current
 * password counts as a login from a new device does (./login-limits.ts), so a borrowed session
 * guesses no faster than /login allows. Every other session and app sign-in then ends.
 */
export async function changePassword({
  db,
  limiter,
  logger,
  userId,
  currentPassword,
  newPassword,
  client,
}: {
  db: Database;
  limiter: RateLimiter;
  logger: Logger;
  userId: number;
  currentPassword: string;
  newPassword: string;
  client: string;
}): Promise<PasswordChangeResult> {
  const user = await accountOf(db, userId);
  // Checked first: it costs no hash and takes no place in the limits.
  const problem = passwordProblem({ ...user, password: newPassword });
  if (problem) return { outcome: "weak-password", message: problem };
  const key = usernameKey(user.username) ?? user.username.toLowerCase();
  // The device cookie is read only at /login, so this form counts as a new device would.
  const reservation = await limiter.reserve(
    loginCounters({ usernameKey: key, address: client, knownDeviceId: null }),
  );
  if (!reservation.allowed) {
    logger.warn(
      { event: "password-change-throttled", username: user.username, client },
      "password change refused: too many failures",
    );
    return { outcome: "throttled", retryAfterSeconds: reservation.retryAfterSeconds };
  }
  let proved: boolean;
  try {
    proved = await verifyPassword(user.passwordHash, currentPassword);
  } catch (error) {
    await reservation.giveBack();
    if (error instanceof BusyError) return busy;
    throw error;
  }
  if (!proved) {
    // A wrong password keeps its place, as at /login.
    logger.info(
      { event: "password-change-failed", username: user.username, client },
      "password change refused: wrong current password",
    );
    return { outcome: "wrong-password" };
  }
  await reservation.giveBack();
  let passwordHash: string;
  try {
    passwordHash = await hashPassword(newPassword);
  } catch (error) {
    if (error instanceof BusyError) return busy;
    throw error;
  }
  const sessionId = await db.transaction(async (tx) => {
    await updatePasswordHash({ db: tx, userId, passwordHash });
    await deleteAllSessions({ db: tx, userId });
    await revokeAllFamilies({ db: tx, userId });
    return createSession({ db: tx, userId });
  });
  logger.info(
    { event: "password-changed", username: user.username, client },
    "password changed; every other session ended",
  );
  return { outcome: "changed", sessionId };
}

export type AccountDeletionResult =
  { outcome: "deleted" } | { outcome: "wrong-username" } | { outcome: "last-admin" };

/**
 * When `typedUsername` is the account's (./usernames.ts). Attempts, sessions and token
 * families go with it; audit-log entries stay. The last admin is refused, so someone can
 * always run the site.
 */
export async function deleteOwnAccount({
  db,
  logger,
  userId,
  typedUsername,
  client,
}: {
  db: Database;
  logger: Logger;
  userId: number;
  typedUsername: string;
  client: string;
}): Promise<AccountDeletionResult> {
  let deleted: string | undefined;
  const result = await db.transaction(async (tx): Promise<AccountDeletionResult> => {
    // This account's row and every admin's, locked in one order: two admins deleting
    // themselves at once queue here instead of both passing the last-admin check.
    const rows = await tx
      .select({ id: users.id, username: users.username, role: users.role })
      .from(users)
      .where(or(eq(users.id, userId), eq(users.role, "admin")))
      .orderBy(asc(users.id))
      .for("update");
    const user = rows.find((row) => row.id === userId);
    if (!user) return { outcome: "deleted" };
    const typed = usernameKey(typedUsername);
    if (typed === null || typed !== usernameKey(user.username))
      return { outcome: "wrong-username" };
    if (user.role === "admin" && !rows.some((row) => row.role === "admin" && row.id !== userId)) {
      return { outcome: "last-admin" };
    }
    await deleteAttemptsOf({ db: tx, userId });
    // Sessions and token families cascade; the audit log keeps its entries, user_id set null.
    await tx.delete(users).where(eq(users.id, userId));
    deleted = user.username;
    return { outcome: "deleted" };
  });
  if (deleted) {
    logger.info({ event: "account-deleted", username: deleted, client }, "account deleted");
  }
  return result;
}
