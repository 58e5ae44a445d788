import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, TEST_PASSWORD } from "#tests/setup/accounts";
import { formBody } from "#tests/setup/forms";
import type { RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";

type Login = { cookie: string; access: string; refresh: string };

/** An access token lives 15 minutes; ending its login must end it at once, not then. */
describe.each(DATABASE_KINDS)("app tokens on %s", (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  let nextUser = 0;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await serveSite({ database });
  });
  afterAll(async () => {
    await server.close();
    await database.destroy();
  });

  const newStudent = async () => {
    const username = `holder${nextUser++}`;
    await createTestUser(database.db, username, "student");
    return username;
  };
  const logIn = async (username: string, password = TEST_PASSWORD): Promise<Login> => {
    const response = await fetch(`${server.url}/api/token/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username, password }),
    });
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as { access: string; refresh: string };
    return { cookie: response.headers.get("set-cookie")!.split(";")[0]!, ...tokens };
  };
  const withAccess = (access: string) =>
    fetch(`${server.url}/api/attempts/`, { headers: { authorization: `Bearer ${access}` } }).then(
      (response) => response.status,
    );
  const refreshing = (refresh: string) =>
    fetch(`${server.url}/api/token/refresh/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh }),
    }).then((response) => response.status);
  const postPage = (path: string, cookie: string, fields: Record<string, string>) => {
    const { body, contentType } = formBody(fields);
    return fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: server.url, "content-type": contentType },
      body,
    });
  };

  it("end with a plain log out of the login that issued them, and no other login's", async () => {
    const username = await newStudent();
    const [ending, other] = [await logIn(username), await logIn(username)];
    expect(await withAccess(ending.access)).toBe(200);
    expect((await postPage("/logout", ending.cookie, {})).status).toBe(303);
    expect(await withAccess(ending.access)).toBe(401);
    expect(await refreshing(ending.refresh)).toBe(401);
    expect(await withAccess(other.access)).toBe(200);
  });

  it("end at once when the account logs out everywhere", async () => {
    const username = await newStudent();
    const [phone, browser] = [await logIn(username), await logIn(username)];
    expect((await postPage("/logout", browser.cookie, { everywhere: "1" })).status).toBe(303);
    expect(await withAccess(phone.access)).toBe(401);
  });

  it("end at once when the password changes", async () => {
    const username = await newStudent();
    const [phone, browser] = [await logIn(username), await logIn(username)];
    const changed = await postPage("/account", browser.cookie, {
      intent: "change-password",
      current_password: TEST_PASSWORD,
      new_password: "Kafue-bridge-at-dawn-2026",
      new_password_again: "Kafue-bridge-at-dawn-2026",
    });
    expect(changed.status).toBe(200);
    expect(await withAccess(phone.access)).toBe(401);
  });
});
