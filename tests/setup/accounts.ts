import type { Database } from "#database/client.server";
import { users, type Role } from "#database/schema";
import { hashPassword } from "#app/features/accounts/passwords.server";
import { createSession } from "#app/features/accounts/sessions.server";

export const TEST_PASSWORD = "Lusaka-Sunset-Over-Kafue-9";

/** A user with TEST_PASSWORD; returns its id. */
export async function createTestUser(
  db: Database,
  username: string,
  role: Role = "student",
): Promise<{ id: number }> {
  const [user] = await db
    .insert(users)
    .values({
      firstName: "Test",
      lastName: "User",
      username,
      email: "",
      passwordHash: await hashPassword(TEST_PASSWORD),
      role,
    })
    .returning({ id: users.id });
  return user!;
}

/** Logs in through POST /api/token/ and returns the session cookie it sets. */
export async function sessionCookieFor(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/token/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: TEST_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login failed for ${username}: ${response.status}`);
  const cookie = response.headers.get("set-cookie");
  if (!cookie) throw new Error("no session cookie was set");
  return cookie.split(";")[0]!;
}

/** A session for a test user, as a login makes it; returns the cookie's value. */
export function createTestSession(db: Database, userId: number): Promise<string> {
  return createSession({ db, userId });
}

type NewStudent = { username: string; firstName: string; lastName?: string; password?: string };

/** Registers a student through the older app's POST /register/, as a test's own; returns the username. */
export async function registeredThroughApp(baseUrl: string, student: NewStudent): Promise<string> {
  const { username, firstName, lastName = "Phiri", password = TEST_PASSWORD } = student;
  const response = await fetch(`${baseUrl}/register/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      first_name: firstName,
      last_name: lastName,
      username,
      email: "",
      password,
    }),
  });
  if (response.status !== 201) throw new Error(`registering ${username}: ${response.status}`);
  return username;
}
