import { asc, eq } from "drizzle-orm";
import { sessions, tokenFamilies, users } from "#database/schema";
import { listAttempts } from "#app/features/progress/public.server";
import type { UserArgs } from "./sessions.server";

// Everything stored about one student (docs/decisions/0045-the-account-pages.md), but nothing
// that could sign someone in or is only the site's bookkeeping: no hash, no ids.
export async function exportAccountData(args: UserArgs & { now?: Date }) {
  const { db, userId, now = new Date() } = args;
  const [account] = await db
    .select({
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw new Error("the signed-in account no longer exists");
  const [attempts, browserSessions, appSignIns] = await Promise.all([
    listAttempts({ db, userId, limit: Number.MAX_SAFE_INTEGER }),
    db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    db
      .select({
        createdAt: tokenFamilies.createdAt,
        expiresAt: tokenFamilies.expiresAt,
        revokedAt: tokenFamilies.revokedAt,
      })
      .from(tokenFamilies)
      .where(eq(tokenFamilies.userId, userId))
      .orderBy(asc(tokenFamilies.createdAt)),
  ]);
  // The route writes it with JSON.stringify, which writes each Date as its ISO string.
  return {
    exportedAt: now,
    account,
    quizAttempts: attempts.map(({ id: _id, revision: _revision, ...attempt }) => attempt),
    sessions: browserSessions,
    appSignIns,
  };
}
