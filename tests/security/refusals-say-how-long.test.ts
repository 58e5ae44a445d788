import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD } from "#tests/setup/accounts";
import { serveAccountsSite } from "#tests/setup/accounts-site";
import { formBody } from "#tests/setup/forms";
import type { RunningServer } from "#tests/setup/http";

const WAIT = /You can try again in \d+ (second|minute|hour)s?\./;

/** A page's 429 carries Retry-After and says how long, with and without JavaScript alike. */
describe("a login page refusing more guesses", () => {
  let site: Awaited<ReturnType<typeof serveAccountsSite>>;
  let server: RunningServer;
  beforeAll(async () => {
    site = await serveAccountsSite("pglite");
    server = site.server;
  });
  afterAll(() => site.close());

  const postPage = (path: string, fields: Record<string, string>, client: string) => {
    const { body, contentType } = formBody(fields);
    return fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": contentType, origin: server.url, "x-forwarded-for": client },
      body,
    });
  };

  it("sends Retry-After and says how long to wait", async () => {
    const username = "guessed_at";
    const registered = await fetch(`${server.url}/register/`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.9.0.1" },
      body: JSON.stringify({
        first_name: "Mwila",
        last_name: "Banda",
        username,
        email: "",
        password: TEST_PASSWORD,
      }),
    });
    expect(registered.status).toBe(201);
    let refused: Response | undefined;
    for (let attempt = 0; attempt < 20 && !refused; attempt++) {
      const answer = await postPage(
        "/login",
        { username, password: "not-the-password" },
        `10.9.1.${attempt + 1}`,
      );
      if (answer.status === 429) refused = answer;
      else expect(answer.status).toBe(401);
    }
    expect(refused, "no 429 after 20 guesses").toBeDefined();
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused!.text()).toMatch(WAIT);
  });

  it("says so on the register page once the address has registered its hour's worth", async () => {
    const school = "10.9.2.1";
    let refused: Response | undefined;
    // Every attempt counts, a wrong one too, so empty forms spend the address's limit quickly.
    for (let attempt = 0; attempt < 200 && !refused; attempt++) {
      const answer = await postPage("/register", { username: `x${attempt}` }, school);
      if (answer.status === 429) refused = answer;
      else expect(answer.status).toBe(400);
    }
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    const page = await refused!.text();
    expect(page).toContain("Too many registrations from your network.");
    expect(page).toMatch(WAIT);
  });

  it("says that the account has signed in too often, and not to check the password", async () => {
    const username = "signs_in_a_lot";
    await fetch(`${server.url}/register/`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.9.3.1" },
      body: JSON.stringify({
        first_name: "Chanda",
        last_name: "Phiri",
        username,
        email: "",
        password: TEST_PASSWORD,
      }),
    });
    let refused: Response | undefined;
    for (let attempt = 0; attempt < 40 && !refused; attempt++) {
      const answer = await postPage("/login", { username, password: TEST_PASSWORD }, "10.9.3.2");
      if (answer.status === 429) refused = answer;
      else expect(answer.status).toBe(200);
    }
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    const alert = /<p role="alert"[^>]*>([^<]*)<\/p>/.exec(await refused!.text())?.[1];
    expect(alert).toMatch(/^This account, or your network, has signed in many times/);
    expect(alert).toMatch(WAIT);
  });
});
