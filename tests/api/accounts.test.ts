import { eq, sql } from "drizzle-orm";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#database/schema";
import type { RunningServer } from "#tests/setup/http";
import { serveAccountsSite } from "#tests/setup/accounts-site";
import { DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";

const PASSWORD = "Mangoes-in-Kabwe-2026";
/** The header's words for a signed-in student, whose name leads to My account. */
const signedInAs = (firstName: string) =>
  `<span class="site-header__viewer" data-when="signed-in">Logged in as <a class="site-header__account-link" href="/account" aria-label="${firstName}: My account" data-viewer-label=": My account"><strong data-viewer-name="">${firstName}</strong></a></span>`;
/** The header's "Log in", shown: a signed-in page carries it hidden. */
const LOG_IN_SHOWN = 'href="/login" data-when="signed-out">Log in</a>';
let nextClient = 1;

/** Each test speaks from its own address (X-Forwarded-For, trusted here) so limits do not leak between tests. */
function clientAddress() {
  return `10.0.${Math.floor(nextClient / 250)}.${(nextClient++ % 250) + 1}`;
}

function post(
  server: RunningServer,
  path: string,
  body: unknown,
  {
    client = clientAddress(),
    headers = {},
  }: { client?: string; headers?: Record<string, string> } = {},
) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": client, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const registration = (username: string, overrides: Record<string, unknown> = {}) => ({
  first_name: "Mwila",
  last_name: "Banda",
  username,
  email: "",
  password: PASSWORD,
  ...overrides,
});

describe.each(DATABASE_KINDS)("accounts on %s", (kind) => {
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
  /** A username no other test uses, so that every test stands alone. */
  const uniqueName = (prefix: string) => `${prefix}${kind}${nextUser++}`;
  /** A new student of this test's own, registered through the call. */
  async function registeredStudent(prefix: string, password = PASSWORD): Promise<string> {
    const username = uniqueName(prefix);
    expect((await post(server, "/register/", registration(username, { password }))).status).toBe(
      201,
    );
    return username;
  }

  describe("POST /register/", () => {
    it("creates a student and answers 201 with a message", async () => {
      const username = uniqueName("mwila");
      const response = await post(server, "/register/", registration(username));
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ message: "User registered successfully" });
      const [user] = await database.db.select().from(users).where(eq(users.username, username));
      expect(user).toMatchObject({
        firstName: "Mwila",
        lastName: "Banda",
        email: "",
        role: "student",
      });
    });

    it("stores an argon2id hash at OWASP's parameters, never the password", async () => {
      const username = await registeredStudent("hashed");
      const [user] = await database.db.select().from(users).where(eq(users.username, username));
      expect(user!.passwordHash.startsWith("$argon2id$v=19$m=19456,t=2,p=1$")).toBe(true);
      expect(user!.passwordHash).not.toContain(PASSWORD);
      const stored = await database.db.execute(sql`select * from users`);
      expect(JSON.stringify(stored)).not.toContain(PASSWORD);
    });

    it.each([
      ["the same name", (name: string) => name],
      ["the name in capitals", (name: string) => name.toUpperCase()],
      [
        "the name with spaces around it",
        (name: string) => `  ${name[0]!.toUpperCase()}${name.slice(1)}  `,
      ],
    ])("refuses %s again with 409, ignoring case and spaces", async (_case, variant) => {
      const username = await registeredStudent("taken");
      const response = await post(server, "/register/", registration(variant(username)));
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error: "Registration failed: Username already exists, please try another username",
      });
    });

    it("leaves exactly one account when 20 registrations race for one name", async () => {
      const username = uniqueName("chanda.racer");
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => post(server, "/register/", registration(username))),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(19);
      const rows = await database.db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = ${username}`);
      expect(rows).toHaveLength(1);
    });

    it("ignores fields a client may not set", async () => {
      const username = uniqueName("sneaky");
      const response = await post(
        server,
        "/register/",
        registration(username, { role: "admin", is_staff: true, is_superuser: true, id: 999 }),
      );
      expect(response.status).toBe(201);
      const [user] = await database.db.select().from(users).where(eq(users.username, username));
      expect(user!.role).toBe("student");
      expect(user!.id).not.toBe(999);
    });

    it.each([
      [
        "a missing field",
        { first_name: "A", username: "nolast", password: PASSWORD, email: "" },
        "last_name",
      ],
      ["a wrong type", registration(12345 as unknown as string), "username"],
      ["a space inside the username", registration("two words"), "username"],
      ["a 151-character username", registration("u".repeat(151)), "username"],
      ["a SQL-looking username", registration("x';DROP TABLE users;--"), "username"],
      ["an HTML-looking username", registration("<script>alert(1)</script>"), "username"],
      ["a 7-character password", registration("shorty", { password: "Abc-123" }), "password"],
      [
        "a 129-character password",
        registration("longpass", { password: "x".repeat(129) }),
        "password",
      ],
      ["a common password", registration("commoner", { password: "password123" }), "password"],
      [
        "a password like the username",
        registration("chileshe77", { password: "Chileshe77!" }),
        "password",
      ],
      ["a bad email", registration("mailer", { email: "not-an-email" }), "email"],
      ["a body that is not an object", [1, 2, 3], "body"],
    ])("refuses %s with 400 and a clear field message", async (_case, body, field) => {
      const response = await post(server, "/register/", body);
      expect(response.status).toBe(400);
      const json = (await response.json()) as { error: string; fields: Record<string, string> };
      expect(json.error.length).toBeGreaterThan(5);
      expect(Object.keys(json.fields)).toContain(field);
    });

    it("refuses the 151st registration from one address within an hour, with Retry-After", async () => {
      const client = clientAddress();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 152; attempt++) {
        statuses.push(
          (
            await post(server, "/register/", registration(`flood-${attempt}`, { password: "x" }), {
              client,
            })
          ).status,
        );
      }
      expect(statuses.slice(0, 150).every((status) => status === 400)).toBe(true);
      expect(statuses.slice(150)).toEqual([429, 429]);
    });

    it("accepts a 64-character passphrase unchanged", async () => {
      const passphrase = "the quick brown fox jumps over the lazy dog at Victoria Falls!!";
      const username = await registeredStudent("passphraser", passphrase);
      const login = await post(server, "/api/token/", { username, password: passphrase });
      expect(login.status).toBe(200);
    });

    it("answers malformed JSON with 400, another content type with 415, a large body with 413, GET with 405", async () => {
      const malformed = await post(server, "/register/", '{"username": "x",');
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toHaveProperty("error");
      const form = await post(server, "/register/", "username=x", {
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(form.status).toBe(415);
      const large = await post(
        server,
        "/register/",
        registration("big", { first_name: "x".repeat(17 * 1024) }),
      );
      expect(large.status).toBe(413);
      expect(await large.json()).toHaveProperty("error");
      const get = await fetch(`${server.url}/register/`);
      expect(get.status).toBe(405);
      expect(get.headers.get("allow")).toBe("POST");
    });
  });

  describe("POST /api/token/", () => {
    it("answers the older backend's shape, {refresh, access}, never cached", async () => {
      const username = await registeredStudent("shape");
      const response = await post(server, "/api/token/", {
        username: username.toUpperCase(),
        password: PASSWORD,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const body = (await response.json()) as Record<string, string>;
      expect(Object.keys(body)).toEqual(["refresh", "access"]);
      const access = decodeJwt(body.access!);
      expect(decodeProtectedHeader(body.access!).alg).toBe("HS256");
      expect(access).toMatchObject({
        typ: "access",
        role: "student",
        iss: "studyzed",
        aud: "studyzed",
      });
      expect(access.exp! - access.iat!).toBe(15 * 60);
      const refresh = decodeJwt(body.refresh!);
      expect(refresh.exp! - refresh.iat!).toBe(7 * 24 * 60 * 60);
    });

    it("fails the same way for a wrong password and an unknown username", async () => {
      const username = await registeredStudent("mistyped");
      const wrong = await post(server, "/api/token/", { username, password: "not-the-password" });
      const unknown = await post(server, "/api/token/", {
        username: uniqueName("nobody-here"),
        password: "not-the-password",
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(await wrong.text()).toBe(await unknown.text());
    });

    it("refuses the 201st failure from one address within 15 minutes, before checking the password", async () => {
      const username = await registeredStudent("blocked");
      const client = clientAddress();
      // Names no account can have cost no password check, so the address's limit fills fast;
      // ten real-looking names show that those count on the same counter.
      for (let attempt = 0; attempt < 200; attempt++) {
        const guess = attempt < 10 ? uniqueName("victim-") : `victim ${attempt}`;
        const response = await post(
          server,
          "/api/token/",
          { username: guess, password: "wrong" },
          { client },
        );
        expect(response.status).toBe(401);
      }
      const blocked = await post(
        server,
        "/api/token/",
        { username, password: PASSWORD },
        { client },
      );
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await blocked.json()) as object).toEqual({
        error: "Too many failed attempts. Please wait a little and try again.",
      });
    });

    it("limits failures per username across addresses, without locking out other users", async () => {
      const [target, bystander] = [
        await registeredStudent("target"),
        await registeredStudent("bystander"),
      ];
      for (let attempt = 0; attempt < 10; attempt++) {
        expect(
          (await post(server, "/api/token/", { username: target, password: "wrong" })).status,
        ).toBe(401);
      }
      // From a device that never signed in to it, even the right password waits.
      expect(
        (await post(server, "/api/token/", { username: target, password: PASSWORD })).status,
      ).toBe(429);
      expect(
        (await post(server, "/api/token/", { username: bystander, password: PASSWORD })).status,
      ).toBe(200);
    });

    it("never writes a password or token to the logs, and logs each login with its username", async () => {
      const username = await registeredStudent("logged");
      const stranger = uniqueName("stranger");
      const tokens = (await (
        await post(server, "/api/token/", { username, password: PASSWORD })
      ).json()) as { access: string; refresh: string };
      expect(
        (await post(server, "/api/token/", { username: stranger, password: "not-the-password" }))
          .status,
      ).toBe(401);
      const output = logLines.join("");
      expect(output).not.toContain(PASSWORD);
      expect(output).not.toContain("not-the-password");
      expect(output).not.toContain(tokens.access);
      expect(output).not.toContain(tokens.refresh);
      expect(output).not.toMatch(/eyJ[\w-]+\.eyJ/);
      expect(output).toContain(`"event":"login","username":"${username}"`);
      expect(output).toContain(`"event":"login-failed","username":"${stranger}"`);
    });
  });

  describe("POST /api/token/refresh/", () => {
    it("rotates a refresh token, and a reused one revokes its family", async () => {
      const login = (await (
        await post(server, "/api/token/", {
          username: await registeredStudent("refresher"),
          password: PASSWORD,
        })
      ).json()) as { refresh: string };
      const first = await post(server, "/api/token/refresh/", { refresh: login.refresh });
      expect(first.status).toBe(200);
      expect(first.headers.get("cache-control")).toBe("no-store");
      const rotated = (await first.json()) as { access: string; refresh: string };
      expect(decodeJwt(rotated.access).typ).toBe("access");
      expect(rotated.refresh).not.toBe(login.refresh);

      const reused = await post(server, "/api/token/refresh/", { refresh: login.refresh });
      expect(reused.status).toBe(401);
      // The thief's reuse also ends the rightful holder's newer token.
      expect((await post(server, "/api/token/refresh/", { refresh: rotated.refresh })).status).toBe(
        401,
      );
    });

    it("stops a refresh token from working once the app logs out with it", async () => {
      const login = (await (
        await post(server, "/api/token/", {
          username: await registeredStudent("refresher"),
          password: PASSWORD,
        })
      ).json()) as { refresh: string };
      const logout = await post(server, "/api/token/blacklist/", { refresh: login.refresh });
      expect(logout.status).toBe(200);
      expect((await post(server, "/api/token/refresh/", { refresh: login.refresh })).status).toBe(
        401,
      );
      expect((await post(server, "/api/token/blacklist/", { refresh: "not-a-token" })).status).toBe(
        401,
      );
    });

    it("refuses an access token, a forged token and an unsigned one", async () => {
      const login = (await (
        await post(server, "/api/token/", {
          username: await registeredStudent("refresher"),
          password: PASSWORD,
        })
      ).json()) as { access: string; refresh: string };
      expect((await post(server, "/api/token/refresh/", { refresh: login.access })).status).toBe(
        401,
      );
      const [header, payload] = login.refresh.split(".");
      expect(
        (
          await post(server, "/api/token/refresh/", {
            refresh: `${header}.${payload}.forged-signature`,
          })
        ).status,
      ).toBe(401);
      const none = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
      expect(
        (await post(server, "/api/token/refresh/", { refresh: `${none}.${payload}.` })).status,
      ).toBe(401);
      expect((await post(server, "/api/token/refresh/", {})).status).toBe(400);
    });
  });

  describe("the login and register forms posted by their page's script", () => {
    /** As app/lib/post-form.ts sends a form: URL-encoded, asking for the action's result as JSON. */
    const postForm = (path: string, fields: Record<string, string>) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: {
          accept: "application/json",
          origin: server.url,
          "x-forwarded-for": clientAddress(),
        },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });

    it("answers a login with its result as JSON: the token, where to go and the header's name, or the failure", async () => {
      const username = uniqueName("script");
      await post(server, "/register/", registration(username, { first_name: "Bwalya" }));
      const signedIn = await postForm("/login?next=/progress", { username, password: PASSWORD });
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.get("content-type")).toMatch(/^application\/json/);
      expect(signedIn.headers.get("cache-control")).toBe("no-store");
      expect(
        signedIn.headers.getSetCookie().some((line) => line.startsWith("studyzed_session=")),
      ).toBe(true);
      const { token, ...rest } = (await signedIn.json()) as Record<string, string>;
      expect(token).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(rest).toEqual({ next: "/progress", firstName: "Bwalya" });

      const refused = await postForm("/login", { username, password: "not-the-password" });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({
        error: "Login failed: Please check your username and password and try again. ",
      });
    });

    it("answers a registration with the failure as JSON, and a success with its redirect to /login", async () => {
      const username = uniqueName("scriptreg");
      const fields = { first_name: "Bwalya", last_name: "Phiri", username, password: PASSWORD };
      const made = await postForm("/register", fields);
      expect(made.status).toBe(303);
      expect(made.headers.get("location")).toBe(`/login?registered=1&username=${username}`);
      const taken = await postForm("/register", fields);
      expect(taken.status).toBe(409);
      expect(taken.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(await taken.json()).toEqual({
        error: "Registration failed: Username already exists, please try another username",
      });
    });
  });

  describe("the forms before a first try", () => {
    it("shows the password rules under the password box before anything is sent", async () => {
      const html = await (await fetch(`${server.url}/register`)).text();
      expect(html).toContain(
        '<p id="password-rules" class="field-hint">8 to 128 characters, spaces allowed. Not a common password, and not like your name or username.</p>',
      );
      expect(html).toMatch(/<input[^>]*aria-describedby="password-rules"[^>]*>/);
    });

    it("fills in the new username on the login page after registering, and is never kept for another", async () => {
      const page = async (query: string) => {
        const response = await fetch(`${server.url}/login?${query}`);
        return { html: await response.text(), cacheControl: response.headers.get("cache-control") };
      };
      const first = await page("registered=1&username=bwalya.phiri");
      expect(first.html).toMatch(/<input[^>]*name="username"[^>]*value="bwalya.phiri"/);
      expect(first.html).toContain("Registration successful! Please log in.");
      expect(first.cacheControl).toBe("no-store");
      const second = await page("registered=1&username=chanda");
      expect(second.html).toMatch(/<input[^>]*name="username"[^>]*value="chanda"/);
      expect(second.html).not.toContain("bwalya.phiri");
      // Only what could be a username reaches the box.
      const odd = await page(`registered=1&username=${encodeURIComponent('"><script>')}`);
      expect(odd.html).not.toMatch(/<input[^>]*name="username"[^>]*value=/);
    });
  });

  describe("pages for a signed-in student", () => {
    /** A new student with a first name no other test uses, signed in: their session cookie. */
    async function signedInStudent(firstName: string): Promise<string> {
      const username = uniqueName("header");
      const registered = await post(
        server,
        "/register/",
        registration(username, { first_name: firstName }),
      );
      expect(registered.status).toBe(201);
      const login = await post(server, "/api/token/", { username, password: PASSWORD });
      const cookie = login.headers
        .getSetCookie()
        .find((line) => line.startsWith("studyzed_session="));
      return cookie!.split(";")[0]!;
    }
    const page = (path: string, cookie?: string) =>
      fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });

    it("never reach another browser through the shared page cache, whichever is asked first", async () => {
      const firstName = `Chanda${kind}`;
      const cookie = await signedInStudent(firstName);
      const shown = (path: string, asking?: string) =>
        page(path, asking).then((response) => response.text());

      // The student asks first: what they get is theirs alone, kept by no cache.
      const named = await page("/books", cookie);
      expect(named.headers.get("cache-control")).toBe("private, no-store");
      expect(await named.text()).toContain(signedInAs(firstName));
      // Twice: the second answer comes from the shared cache.
      for (const anonymous of [await shown("/books"), await shown("/books")]) {
        expect(anonymous).not.toContain(firstName);
        expect(anonymous).toContain(LOG_IN_SHOWN);
      }

      // Everyone's page is kept first: the student still gets their own.
      expect(await shown("/videos")).not.toContain(firstName);
      expect(await shown("/videos", cookie)).toContain(signedInAs(firstName));
      expect(await shown("/videos")).not.toContain(firstName);
    });

    it("name nobody once the session has ended or for a cookie that names no session", async () => {
      const firstName = `Mutale${kind}`;
      const cookie = await signedInStudent(firstName);
      const logout = await fetch(`${server.url}/logout`, {
        method: "POST",
        headers: { cookie, origin: server.url },
        redirect: "manual",
      });
      expect(logout.status).toBe(303);
      const forged = `studyzed_session=${"A".repeat(43)}`;
      for (const stale of [cookie, forged]) {
        const body = await (await page("/books", stale)).text();
        expect(body).not.toContain(firstName);
        expect(body).toContain(LOG_IN_SHOWN);
      }
    });
  });
});
