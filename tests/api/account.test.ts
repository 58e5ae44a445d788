import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, quizAttempts, sessions, tokenFamilies, users } from "#database/schema";
import { ACCOUNT_TEXTS, MESSAGES } from "#app/features/accounts/texts";
import { SPEC_QUIZ_QUESTION_COUNTS } from "#app/features/quizzes/quiz-constants";
import { createTestUser, sessionCookieFor, TEST_PASSWORD } from "#tests/setup/accounts";
import { formBody } from "#tests/setup/forms";
import type { RunningServer } from "#tests/setup/http";
import { serveAccountsSite } from "#tests/setup/accounts-site";
import { DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";

const NEW_PASSWORD = "Kasama-Rain-On-Tin-Roofs-7";
let nextClient = 1;
/** Each test speaks from its own address (X-Forwarded-For, trusted here) so limits never leak. */
/** Any date and time as the export writes them (ISO 8601, UTC). */
const isoDate = expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/) as unknown as string;
/** A text as React writes it into a page. */
const asHtml = (text: string) => text.replaceAll("'", "&#x27;");
const clientAddress = () => `10.9.${Math.floor(nextClient / 250)}.${(nextClient++ % 250) + 1}`;

/**
 * The My account page and its forms (docs/decisions/0045-the-account-pages.md), posted as a
 * browser without JavaScript posts them.
 */
describe.each(DATABASE_KINDS)("My account on %s", (kind) => {
  let site: Awaited<ReturnType<typeof serveAccountsSite>>;
  let database: TestDatabase;
  let server: RunningServer;
  let logLines: string[];

  beforeAll(async () => {
    site = await serveAccountsSite(kind);
    ({ database, server, logLines } = site);
  });
  afterAll(async () => {
    await site.close();
  });

  let nextUser = 0;
  /** A new account of this test's own, signed in: its name, id and session cookie. */
  async function signedIn(prefix: string, role: "student" | "admin" = "student") {
    const username = `${prefix}${kind}${nextUser++}`;
    const { id } = await createTestUser(database.db, username, role);
    return { username, id, cookie: await sessionCookieFor(server.url, username) };
  }

  /** A form post from this site's own page, unless `origin` says otherwise. */
  function postForm(
    path: string,
    fields: Record<string, string>,
    {
      cookie,
      origin = server.url,
      headers = {},
      client = clientAddress(),
    }: {
      cookie?: string;
      origin?: string | null;
      headers?: Record<string, string>;
      client?: string;
    } = {},
  ) {
    const { body, contentType } = formBody(fields);
    return fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": contentType,
        "x-forwarded-for": client,
        ...(origin ? { origin } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body,
    });
  }
  const getPage = (path: string, cookie?: string) =>
    fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const passwordForm = (current: string, next: string, again = next) => ({
    intent: "change-password",
    current_password: current,
    new_password: next,
    new_password_again: again,
  });
  const appLogin = (username: string, password: string) =>
    fetch(`${server.url}/api/token/`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": clientAddress() },
      body: JSON.stringify({ username, password }),
    });
  const refresh = (token: string) =>
    fetch(`${server.url}/api/token/refresh/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh: token }),
    });
  /** One attempt at the cell quiz, saved through the site's own call with the cookie. */
  async function saveAttempt(cookie: string) {
    const response = await fetch(`${server.url}/api/attempts/`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: server.url },
      body: JSON.stringify({
        id: randomUUID(),
        quiz: "cell",
        answers: Array<string>(SPEC_QUIZ_QUESTION_COUNTS.cell).fill("A"),
        answeredAt: new Date().toISOString(),
      }),
    });
    expect(response.status).toBe(201);
  }

  it("sends a visitor to log in, shows a signed-in student their page, and is never cached", async () => {
    const visitor = await getPage("/account");
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("location")).toBe("/login");
    expect(visitor.headers.get("cache-control")).toBe("private, no-store");
    const data = await postForm("/account/data", {});
    expect([data.status, data.headers.get("location")]).toEqual([303, "/login"]);

    const { username, cookie } = await signedIn("viewer");
    const page = await getPage("/account", cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("<title>My account | StudyZed</title>");
    expect(html).toContain(`<strong>${username}</strong>`);
    expect(html).toContain('href="/account"');
    expect(html).toContain('<form action="/logout" method="post">');
    expect(html).toContain('name="everywhere" value="1"');
    expect(html).toContain('<form action="/account/data" method="post">');
  });

  it("refuses every form that did not come from this site's pages, and changes nothing", async () => {
    const { username, id, cookie } = await signedIn("csrf");
    const forms: [string, Record<string, string>][] = [
      ["/account", passwordForm(TEST_PASSWORD, NEW_PASSWORD)],
      ["/account", { intent: "delete-account", username }],
      ["/account/data", {}],
    ];
    for (const [path, fields] of forms) {
      expect((await postForm(path, fields, { cookie, origin: null })).status).toBe(403);
      expect(
        (await postForm(path, fields, { cookie, origin: "https://evil.example" })).status,
      ).toBe(403);
    }
    expect(await database.db.select().from(users).where(eq(users.id, id))).toHaveLength(1);
    expect((await appLogin(username, TEST_PASSWORD)).status).toBe(200);
    // A Referer of this site's own page is enough when a browser sends no Origin.
    const withReferer = await postForm(
      "/account/data",
      {},
      {
        cookie,
        origin: null,
        headers: { referer: `${server.url}/account` },
      },
    );
    expect(withReferer.status).toBe(200);
  });

  it("changes the password: every old session and app sign-in ends, this browser stays signed in", async () => {
    const { username, cookie } = await signedIn("changer");
    const appSignIn = (await (await appLogin(username, TEST_PASSWORD)).json()) as {
      refresh: string;
    };

    const changed = await postForm("/account", passwordForm(TEST_PASSWORD, NEW_PASSWORD), {
      cookie,
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("cache-control")).toBe("private, no-store");
    const html = await changed.text();
    expect(html).toContain(ACCOUNT_TEXTS.passwordChanged);
    // The header names the student through the new session.
    expect(html).toContain('aria-label="Test: My account"');
    const newCookie = changed.headers.get("set-cookie")!.split(";")[0]!;
    expect(newCookie).toMatch(/^studyzed_session=[\w-]{43}$/);
    expect(newCookie).not.toBe(cookie);

    expect((await getPage("/account", cookie)).status).toBe(303);
    expect((await refresh(appSignIn.refresh)).status).toBe(401);
    expect((await getPage("/account", newCookie)).status).toBe(200);
    expect((await appLogin(username, TEST_PASSWORD)).status).toBe(401);
    expect((await appLogin(username, NEW_PASSWORD)).status).toBe(200);

    const logged = logLines.join("");
    expect(logged).toContain('"event":"password-changed"');
    expect(logged).not.toContain(NEW_PASSWORD);
    expect(logged).not.toContain(TEST_PASSWORD);
  });

  it("refuses a wrong current password with 400, counted against the account's login limits", async () => {
    const { username, cookie } = await signedIn("guesser");
    const client = clientAddress();
    const wrong = await postForm("/account", passwordForm("not-my-password", NEW_PASSWORD), {
      cookie,
      client,
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(ACCOUNT_TEXTS.wrongPassword);
    // Nine more fill the username's limit of 10 failures (docs/security.md#login-and-registration-limits).
    for (let guess = 0; guess < 9; guess++) {
      const response = await postForm("/account", passwordForm(`guess-${guess}`, NEW_PASSWORD), {
        cookie,
        client,
      });
      expect(response.status).toBe(400);
    }
    const refused = await postForm("/account", passwordForm(TEST_PASSWORD, NEW_PASSWORD), {
      cookie,
      client,
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.text()).toContain(MESSAGES.tooManyLogins);
    // The same limit holds at the login call: the form is no faster way to guess.
    expect((await appLogin(username, TEST_PASSWORD)).status).toBe(429);
  });

  it("refuses a weak or mistyped new password with registration's messages, and keeps the old one", async () => {
    const { username, cookie } = await signedIn("weak");
    const cases: [Record<string, string>, string][] = [
      [passwordForm(TEST_PASSWORD, "short"), "Password must be at least 8 characters."],
      [
        passwordForm(TEST_PASSWORD, "password"),
        "This password is too common. Choose one that is harder to guess.",
      ],
      [
        passwordForm(TEST_PASSWORD, `${username}1`),
        "The password is too similar to your name or username.",
      ],
      [
        passwordForm(TEST_PASSWORD, NEW_PASSWORD, `${NEW_PASSWORD}x`),
        "The two new passwords are not the same.",
      ],
      [passwordForm("", NEW_PASSWORD), "Type your current password."],
      [{ intent: "something-else" }, ACCOUNT_TEXTS.unknownForm],
    ];
    for (const [fields, message] of cases) {
      const response = await postForm("/account", fields, { cookie });
      expect(response.status, message).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect((await getPage("/account", cookie)).status).toBe(200);
    expect((await appLogin(username, TEST_PASSWORD)).status).toBe(200);
  });

  it("answers a JSON file of the student's data, without the password hash or any id", async () => {
    const { username, cookie } = await signedIn("Exporter");
    await appLogin(username, TEST_PASSWORD);
    await saveAttempt(cookie);
    await saveAttempt(cookie);

    const response = await postForm("/account/data", {}, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="studyzed-${username}.json"`,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const text = await response.text();
    const exported = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(exported)).toEqual([
      "exportedAt",
      "account",
      "quizAttempts",
      "reviewAnswers",
      "reviewQueue",
      "classesJoined",
      "classesTaught",
      "sessions",
      "appSignIns",
    ]);
    expect(exported.account).toEqual({
      username,
      firstName: "Test",
      lastName: "User",
      email: "",
      role: "student",
      createdAt: isoDate,
    });
    const attempts = exported.quizAttempts as Record<string, unknown>[];
    expect(attempts).toHaveLength(2);
    expect(Object.keys(attempts[0]!).sort()).toEqual(
      ["answeredAt", "answers", "grade", "percentage", "quiz", "score", "total"].sort(),
    );
    // The questions the two attempts got wrong joined the review queue: both are the student's.
    const answers = exported.reviewAnswers as Record<string, unknown>[];
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers)
      expect(Object.keys(answer).sort()).toEqual(
        ["answeredAt", "choice", "correct", "question", "quiz", "source"].sort(),
      );
    const queue = exported.reviewQueue as Record<string, unknown>[];
    expect(queue.length).toBeGreaterThan(0);
    expect(Object.keys(queue[0]!).sort()).toEqual(
      ["due", "inQueue", "lastAnsweredAt", "question", "quiz", "rightInARow"].sort(),
    );
    // Each login through the call starts a session and an app sign-in: two of each.
    expect(exported.sessions).toEqual([
      { createdAt: isoDate, expiresAt: isoDate },
      { createdAt: isoDate, expiresAt: isoDate },
    ]);
    expect(exported.appSignIns).toEqual([
      { createdAt: isoDate, expiresAt: isoDate, revokedAt: null },
      { createdAt: isoDate, expiresAt: isoDate, revokedAt: null },
    ]);
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toMatch(/"(id|idHash|passwordHash|userId|familyId|jti)"/);
    expect(text).not.toContain(cookie.split("=")[1]!);
  });

  it("deletes the account only when its username is typed, and with it every result and sign-in", async () => {
    const { username, id, cookie } = await signedIn("Leaver");
    const appSignIn = (await (await appLogin(username, TEST_PASSWORD)).json()) as {
      refresh: string;
    };
    await saveAttempt(cookie);
    await database.db
      .insert(auditLog)
      .values({ userId: id, actor: username, action: "test", target: "account" });

    const wrong = await postForm(
      "/account",
      { intent: "delete-account", username: `${username}x` },
      { cookie },
    );
    expect(wrong.status).toBe(400);
    const refusal = await wrong.text();
    expect(refusal).toContain(ACCOUNT_TEXTS.wrongUsername);
    expect(refusal).toContain(`value="${username}x"`);
    expect(await database.db.select().from(users).where(eq(users.id, id))).toHaveLength(1);
    expect(
      await database.db.select().from(quizAttempts).where(eq(quizAttempts.userId, id)),
    ).toHaveLength(1);

    // Case is ignored, as at login (the one username key).
    const deleted = await postForm(
      "/account",
      { intent: "delete-account", username: ` ${username.toUpperCase()} ` },
      { cookie },
    );
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe("/account/deleted");
    expect(deleted.headers.get("set-cookie")).toMatch(/^studyzed_session=; .*Max-Age=0/);
    const left = async (table: typeof quizAttempts | typeof sessions | typeof tokenFamilies) =>
      (await database.db.select().from(table).where(eq(table.userId, id))).length;
    expect(await database.db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
    expect([await left(quizAttempts), await left(sessions), await left(tokenFamilies)]).toEqual([
      0, 0, 0,
    ]);
    const [entry] = await database.db
      .select({ userId: auditLog.userId })
      .from(auditLog)
      .where(eq(auditLog.actor, username));
    expect(entry).toEqual({ userId: null });
    expect((await getPage("/account", cookie)).status).toBe(303);
    expect((await refresh(appSignIn.refresh)).status).toBe(401);
    expect((await appLogin(username, TEST_PASSWORD)).status).toBe(401);

    const landing = await getPage("/account/deleted");
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain(ACCOUNT_TEXTS.deleted);
    expect(logLines.join("")).toContain('"event":"account-deleted"');
  });

  it("keeps the site's last admin, and lets an admin go once there is another", async () => {
    // Every admin of this file's database is made here, so "last" is known.
    const first = await signedIn("chief", "admin");
    const refused = await postForm(
      "/account",
      { intent: "delete-account", username: first.username },
      { cookie: first.cookie },
    );
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(asHtml(ACCOUNT_TEXTS.lastAdmin));

    await signedIn("deputy", "admin");
    const deleted = await postForm(
      "/account",
      { intent: "delete-account", username: first.username },
      { cookie: first.cookie },
    );
    expect(deleted.status).toBe(303);
  });
});
