import { inArray, sql } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { users } from "#database/schema";
import { hashForMissingUser, verifyPassword } from "./passwords.server";
import { usernameKey } from "./usernames";

export async function findUserByUsername({ db, username }: { db: Database; username: string }) {
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

type Credentials = {
  db: Database;
  username: string;
  password: string;
  client: string;
  verify?: (storedHash: string, password: string, client: string) => Promise<boolean>;
};

/** An unknown username is checked against a stand-in hash: timing cannot tell which names exist. */
export async function checkCredentials(credentials: Credentials) {
  const { db, username, password, client, verify = verifyPassword } = credentials;
  const user = await findUserByUsername({ db, username });
  const valid = await verify(user?.passwordHash ?? (await hashForMissingUser()), password, client);
  return user && valid ? user : null;
}

/** Names only, for a class's teacher (docs/security.md#classes): nothing that signs in or reaches the student. */
export async function listStudentNames({
  db,
  userIds,
}: {
  db: Database;
  userIds: readonly number[];
}) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...userIds]));
}
