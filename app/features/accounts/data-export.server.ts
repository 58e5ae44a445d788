import { asc, eq } from "drizzle-orm";
import { sessions, tokenFamilies, users } from "#database/schema";
import { listAttempts, type StoredAttempt } from "#app/features/progress/public.server";
import { classesForExport } from "#app/features/classes/public.server";
import { reviewAnswersForExport, reviewCardsForExport } from "#app/features/review/public.server";
import type { UserArgs } from "./sessions.server";

/** Attempts read and written at a time: the file streams, never held whole (100,000 is 18 MB);
 * 500 a part held other requests up to 60 ms, 200 under 35 (bench/README.md). */
const ATTEMPTS_A_PART = 200;

// Everything stored about one student (docs/decisions/0045-the-account-pages.md), but nothing
// that could sign someone in or is only the site's bookkeeping: no hash, no ids. Written as
// indented JSON, one attempt a line.
export async function* accountDataParts(args: UserArgs & { now?: Date }): AsyncGenerator<string> {
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
  const [browserSessions, appSignIns] = await Promise.all([
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
  const field = (name: string, value: unknown) =>
    `  ${JSON.stringify(name)}: ${JSON.stringify(value, null, 2).replaceAll("\n", "\n  ")}`;
  yield `{\n${field("exportedAt", now)},\n${field("account", account)},\n  "quizAttempts": [`;
  let before: StoredAttempt | undefined;
  for (let first = true; ; first = false) {
    const page = await listAttempts({ db, userId, limit: ATTEMPTS_A_PART, before });
    if (page.length === 0) break;
    const lines = page.map(({ id: _id, revision: _revision, ...attempt }) =>
      JSON.stringify(attempt),
    );
    yield `${first ? "" : ","}\n    ${lines.join(",\n    ")}`;
    before = page.at(-1);
  }
  yield `\n  ],\n  "reviewAnswers": [`;
  let firstAnswers = true;
  for await (const page of reviewAnswersForExport({ db, userId }, ATTEMPTS_A_PART)) {
    const lines = page.map((answer) => JSON.stringify(answer));
    yield `${firstAnswers ? "" : ","}\n    ${lines.join(",\n    ")}`;
    firstAnswers = false;
  }
  const [cards, classes] = await Promise.all([
    reviewCardsForExport({ db, userId }),
    classesForExport({ db, userId }),
  ]);
  yield `\n  ],\n${field("reviewQueue", cards)},\n${field("classesJoined", classes.joined)},\n${field("classesTaught", classes.taught)},\n${field("sessions", browserSessions)},\n${field("appSignIns", appSignIns)}\n}\n`;
}
