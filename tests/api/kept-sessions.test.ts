import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "#database/schema";
import { createTestUser, TEST_PASSWORD } from "#tests/setup/accounts";
import { formBody } from "#tests/setup/forms";
import type { RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";

/**
 * How long a browser stays signed in, and the readable cookie that tells the phone's kept
 * pages who is (docs/security.md#sessions, docs/decisions/0103-who-is-signed-in-on-every-copy.md).
 */

const HOUR = 60 * 60 * 1000;
const cookieLine = (response: Response, name: string) =>
  response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
const maxAgeOf = (line: string | undefined) => Number(/Max-Age=(\d+)/.exec(line ?? "")?.[1]);

describe.each(DATABASE_KINDS)("kept sessions on %s", (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  // The site's clock; the database stamps a session with its own, which is now.
  let hoursAhead = 0;
  let nextUser = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await serveSite({ database, now: () => new Date(Date.now() + hoursAhead * HOUR) });
  });
  afterAll(async () => {
    await server.close();
    await database.destroy();
  });

  /** The login page's form, posted without JavaScript. */
  async function logIn(role: "student" | "admin", keep: boolean) {
    const username = `kept-${kind}-${(nextUser += 1)}`;
    await createTestUser(database.db, username, role);
    const fields = { username, password: TEST_PASSWORD, ...(keep ? { keep_signed_in: "1" } : {}) };
    const { body, contentType } = formBody(fields);
    const response = await fetch(`${server.url}/login`, {
      method: "POST",
      headers: { "content-type": contentType, origin: server.url },
      body,
    });
    expect(response.status).toBe(200);
    const session = cookieLine(response, "studyzed_session");
    return { response, session, cookie: session!.split(";")[0]! };
  }

  const lifetimeStored = async (cookie: string) => {
    const rows = await database.db.select().from(sessions);
    const { createHash } = await import("node:crypto");
    const idHash = createHash("sha256").update(cookie.split("=")[1]!).digest("hex");
    const row = rows.find((session) => session.idHash === idHash)!;
    return { hours: (row.expiresAt.getTime() - row.createdAt.getTime()) / HOUR, row };
  };

  it("keeps a student signed in for 30 days only when they tick the box, an admin never", async () => {
    const kept = await logIn("student", true);
    expect(maxAgeOf(kept.session)).toBe(30 * 24 * 60 * 60);
    expect(await lifetimeStored(kept.cookie)).toMatchObject({ hours: 30 * 24 });

    const usual = await logIn("student", false);
    expect(maxAgeOf(usual.session)).toBe(12 * 60 * 60);
    expect(await lifetimeStored(usual.cookie)).toMatchObject({ hours: 12 });

    const admin = await logIn("admin", true);
    expect(maxAgeOf(admin.session)).toBe(12 * 60 * 60);
    const { row } = await lifetimeStored(admin.cookie);
    expect(row.keptSignedIn).toBe(false);
    await database.db.delete(sessions).where(eq(sessions.idHash, row.idHash));
  });

  it("offers the box unticked on the login page", async () => {
    const html = await (await fetch(`${server.url}/login`)).text();
    expect(html).toMatch(/<input type="checkbox" name="keep_signed_in" value="1"\/>/);
    expect(html).toContain("Keep me signed in on this phone");
  });

  it("tells the phone's pages who is signed in with a readable cookie that ends with the session", async () => {
    const { response, cookie } = await logIn("student", true);
    const viewer = cookieLine(response, "studyzed_viewer");
    // Readable by the page's scripts (no HttpOnly), and gone when the session is.
    expect(viewer).toMatch(/^studyzed_viewer=Test; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    expect(maxAgeOf(viewer)).toBeGreaterThan(30 * 24 * 60 * 60 - 60);
    expect(maxAgeOf(viewer)).toBeLessThanOrEqual(30 * 24 * 60 * 60);

    const logout = await fetch(`${server.url}/logout`, {
      method: "POST",
      headers: { cookie: `${cookie}; studyzed_viewer=Test`, origin: server.url },
      redirect: "manual",
    });
    expect(logout.status).toBe(303);
    expect(cookieLine(logout, "studyzed_viewer")).toBe(
      "studyzed_viewer=; Path=/; Max-Age=0; SameSite=Lax",
    );

    // A session ended elsewhere ("Log out everywhere", a password changed on another phone).
    const page = await fetch(`${server.url}/books`, {
      headers: { cookie: `${cookie}; studyzed_viewer=Test` },
    });
    expect(cookieLine(page, "studyzed_viewer")).toBe(
      "studyzed_viewer=; Path=/; Max-Age=0; SameSite=Lax",
    );
    // Only the readable cookie left (the account was deleted): never the shared cache's page.
    for (const time of ["first", "second"]) {
      const lone = await fetch(`${server.url}/books`, {
        headers: { cookie: "studyzed_viewer=Test" },
      });
      expect(cookieLine(lone, "studyzed_viewer"), time).toBe(
        "studyzed_viewer=; Path=/; Max-Age=0; SameSite=Lax",
      );
    }
    // A page whose cookie already says the right thing sets none.
    const anonymous = await fetch(`${server.url}/books`);
    expect(cookieLine(anonymous, "studyzed_viewer")).toBeUndefined();
  });

  it("names the student in the header and menu, and draws the signed-out parts hidden", async () => {
    const { cookie } = await logIn("student", false);
    const named = await fetch(`${server.url}/books`, { headers: { cookie } });
    // The mark the service worker keeps such a page apart by; /review is private for everyone.
    expect(named.headers.get("studyzed-signed-in")).toBe("1");
    const anyone = await fetch(`${server.url}/review`);
    expect(anyone.headers.get("cache-control")).toContain("private");
    expect(anyone.headers.has("studyzed-signed-in")).toBe(false);
    const html = await named.text();
    expect(html).toContain('<li data-when="signed-in"><a href="/account">My account</a></li>');
    expect(html).toContain('<li data-when="signed-out" hidden=""><a href="/login">Log in</a></li>');
    expect(html).toContain('data-when="signed-out" hidden="">Log in</a>');
    expect(html).toContain('<strong data-viewer-name="">Test</strong>');

    const anonymous = await (await fetch(`${server.url}/books`)).text();
    expect(anonymous).toContain('<li data-when="signed-out"><a href="/login">Log in</a></li>');
    expect(anonymous).toContain(
      '<li data-when="signed-in" hidden=""><a href="/account">My account</a></li>',
    );
  });

  it("asks a kept session to log in again before My account once 12 hours have passed", async () => {
    const { cookie } = await logIn("student", true);
    try {
      hoursAhead = 11;
      expect((await fetch(`${server.url}/account`, { headers: { cookie } })).status).toBe(200);

      hoursAhead = 13;
      const account = await fetch(`${server.url}/account`, {
        headers: { cookie },
        redirect: "manual",
      });
      expect(account.status).toBe(303);
      expect(account.headers.get("location")).toBe("/login?next=%2Faccount&again=1");
      const data = await fetch(`${server.url}/account/data`, {
        method: "POST",
        headers: { cookie, origin: server.url },
        redirect: "manual",
      });
      expect(data.status).toBe(303);
      // Reading and practice go on: the session itself still holds.
      const books = await (await fetch(`${server.url}/books`, { headers: { cookie } })).text();
      expect(books).toContain('<strong data-viewer-name="">Test</strong>');

      const again = await (await fetch(`${server.url}${account.headers.get("location")}`)).text();
      expect(again).toContain(
        "You logged in more than 12 hours ago. To keep your account safe, log in again to open My account.",
      );
    } finally {
      hoursAhead = 0;
    }
  });
});
