import { eq, sql } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { users, type Role } from "#database/schema";
import { hashForMissingUser, verifyPassword } from "./passwords.server";
import { usernameKey } from "./usernames";

export type UserRecord = { id: number; username: string; passwordHash: string; role: Role };

/** The account a typed username names, by its one key (./usernames.ts), if there is one. */
export async function findUserByUsername({
  db,
  username,
}: {
  db: Database;
  username: string;
}): Promise<UserRecord | undefined> {
  const key = usernameKey(username);
  if (key === null) return undefined;
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      passwordHash: users.passwordHash,
      role: users.role,
    })
    .from(users)
    .where(sql`lower(${users.username}) = ${key}`)
    .limit(1);
  return user;
}

/**
 * The user whose password this is, or null. An unknown username is checked against a
 * stand-in hash made the same way as real ones, so that the answer takes as long either
 * way and timing cannot tell which usernames exist (docs/security.md, "Usernames").
 */
export async function checkCredentials({
  db,
  username,
  password,
  verify = verifyPassword,
}: {
  db: Database;
  username: string;
  password: string;
  /** The password check; replaced only by tests that watch which hash it is given. */
  verify?: (storedHash: string, password: string) => Promise<boolean>;
}): Promise<UserRecord | null> {
  const user = await findUserByUsername({ db, username });
  const valid = await verify(user?.passwordHash ?? (await hashForMissingUser()), password);
  return user && valid ? user : null;
}

export class UsernameTakenError extends Error {
  override name = "UsernameTakenError";
}

/**
 * Inserts an account (a student unless said otherwise); the unique index settles a race for
 * one name (docs/security.md, "Usernames").
 */
export async function createUser({
  db,
  user,
  role = "student",
}: {
  db: Database;
  user: {
    firstName: string;
    lastName: string;
    username: string;
    email: string;
    passwordHash: string;
  };
  role?: Role;
}): Promise<{ id: number }> {
  try {
    const [created] = await db
      .insert(users)
      .values({ ...user, role })
      .returning({ id: users.id });
    return created!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new UsernameTakenError(user.username);
    throw error;
  }
}

export async function promoteToAdmin({ db, userId }: { db: Database; userId: number }) {
  await db.update(users).set({ role: "admin" }).where(eq(users.id, userId));
}

export async function updatePasswordHash({
  db,
  userId,
  passwordHash,
}: {
  db: Database;
  userId: number;
  passwordHash: string;
}) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Both drivers report a unique violation as SQLSTATE 23505, on the error or its cause. */
function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string } | null)?.code ??
    (error as { cause?: { code?: string } } | null)?.cause?.code;
  return code === "23505";
}
