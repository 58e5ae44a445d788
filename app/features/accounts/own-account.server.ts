import { asc, eq, or } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { users } from "#database/schema";
import type { Logger } from "#app/lib/logger";
import type { RateLimiter } from "#app/lib/rate-limiter.server";
import { deleteAttemptsOf } from "#app/features/progress/public.server";
import { loginCounters } from "./login-limits";
import { hashUnlessBusy, passwordProblem, verifyPassword } from "./passwords.server";
import { createSession } from "./sessions.server";
import { busy, checkWithinLimits, endAllSignIns } from "./sign-in.server";
import { usernameKey } from "./usernames";

type OwnAccount = { db: Database; logger: Logger; userId: number; client: string };

type PasswordChange = OwnAccount & {
  limiter: RateLimiter;
  currentPassword: string;
  newPassword: string;
  /** The session the change is made in was kept: so is the one that follows it. */
  keptSignedIn: boolean;
};

// The current password's proof counts as a login from a new device (the device cookie is read
// only at /login), so a borrowed session guesses no faster than /login allows.
export async function changePassword(change: PasswordChange) {
  const { db, limiter, logger, userId, currentPassword, newPassword, client } = change;
  const kept = change.keptSignedIn;
  const [user] = await db
    .select({
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error("the signed-in account no longer exists");
  // Checked first: it costs no hash and takes no place in the limits.
  const problem = passwordProblem(newPassword, [user.username, user.firstName, user.lastName]);
  if (problem) return { outcome: "weak-password", message: problem } as const;
  const { username } = user;
  const key = usernameKey(username) ?? username.toLowerCase();
  const checked = await checkWithinLimits(
    limiter,
    loginCounters({ usernameKey: key, address: client, knownDeviceId: null }),
    async () => (await verifyPassword(user.passwordHash, currentPassword, client)) || null,
  );
  switch (checked.outcome) {
    case "throttled":
      logger.warn(
        { event: "password-change-throttled", username, client },
        "password change refused: too many failures",
      );
      return checked;
    case "signed-in-too-often":
    case "busy":
      return checked;
    case "failed":
      logger.info(
        { event: "password-change-failed", username, client },
        "password change refused: wrong current password",
      );
      return { outcome: "wrong-password" } as const;
  }
  const passwordHash = await hashUnlessBusy(newPassword, client);
  if (!passwordHash) return busy;
  const sessionId = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await endAllSignIns({ db: tx, userId });
    return createSession({ db: tx, userId, kept });
  });
  logger.info(
    { event: "password-changed", username, client },
    "password changed; every other session ended",
  );
  return { outcome: "changed", session: { id: sessionId, kept } } as const;
}

// Audit-log entries stay; the last admin is refused, so someone can always run the site.
export async function deleteOwnAccount(deletion: OwnAccount & { typedUsername: string }) {
  const { db, logger, userId, typedUsername, client } = deletion;
  const result = await db.transaction(async (tx) => {
    // This account's row and every admin's, locked in one order: two admins deleting
    // themselves at once queue here instead of both passing the last-admin check.
    const rows = await tx
      .select({ id: users.id, username: users.username, role: users.role })
      .from(users)
      .where(or(eq(users.id, userId), eq(users.role, "admin")))
      .orderBy(asc(users.id))
      .for("update");
    const user = rows.find((row) => row.id === userId);
    if (!user) return { outcome: "deleted" } as const;
    const typed = usernameKey(typedUsername);
    if (typed === null || typed !== usernameKey(user.username))
      return { outcome: "wrong-username" } as const;
    if (user.role === "admin" && !rows.some((row) => row.role === "admin" && row.id !== userId)) {
      return { outcome: "last-admin" } as const;
    }
    await deleteAttemptsOf({ db: tx, userId });
    // Sessions and token families cascade; audit entries get user_id null.
    await tx.delete(users).where(eq(users.id, userId));
    return { outcome: "deleted", username: user.username } as const;
  });
  if (result.username) {
    logger.info({ event: "account-deleted", username: result.username, client }, "account deleted");
  }
  return result;
}
