import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, TEST_PASSWORD } from "#tests/setup/accounts";
import { rawGet, type RunningServer } from "#tests/setup/http";
import { createSeededDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import { serveSite } from "#tests/setup/site-in-process";

type Answer = { status: number; headers: Headers; label: string };

/**
 * docs/security.md#headers: the security headers are on every kind of response the
 * site gives (pages, cached pages, 304s, the API, files, assets, redirects, errors), and
 * HSTS only when the site is served over HTTPS.
 */
describe.each([
  ["http", "http://localhost:3000"],
  ["https", "https://studyzed.example"],
])("response headers when SITE_URL is %s", (scheme, siteUrl) => {
  let seeded: SeededDatabase;
  let server: RunningServer;
  const answers: Answer[] = [];

  beforeAll(async () => {
    seeded = await createSeededDatabase("pglite");
    server = await serveSite({
      database: seeded.database,
      storage: seeded.storage,
      config: { siteUrl },
    });
    await createTestUser(seeded.database.db, "headeruser");
    const get = async (label: string, path: string, init: RequestInit = {}) => {
      const response = await fetch(`${server.url}${path}`, { redirect: "manual", ...init });
      answers.push({ status: response.status, headers: response.headers, label });
      return { headers: response.headers, body: await response.text() };
    };
    const page = await get("content page", "/books");
    const notModified = await rawGet(`${server.url}/books`, {
      "if-none-match": page.headers.get("etag")!,
    });
    answers.push({
      status: notModified.status,
      headers: new Headers(notModified.headers as Record<string, string>),
      label: "304 of a page",
    });
    const downloadKey = /\/download\/([\w-]+)/.exec(page.body)![1]!;
    const quiz = await get("page with its own script", "/introduction_to_physics");
    const asset = /\/assets\/quiz-[\w-]+\.js/.exec(quiz.body)![0];
    await get("not-found page", "/no-such-page");
    await get("redirect", "/biology");
    await get("JSON list", "/List/");
    await get("JSON 404", "/Data/999999");
    await get("health", "/healthz");
    await get("download", `/download/${downloadKey}`);
    await get("partial download", `/download/${downloadKey}`, { headers: { range: "bytes=0-9" } });
    await get("unsatisfiable range", `/download/${downloadKey}`, {
      headers: { range: "bytes=999999999-" },
    });
    await get("hashed asset", asset);
    await get("public file", "/favicon.svg");
    await get("service worker", "/sw.js");
    await get("405", "/books", { method: "POST" });
    await get("login", "/api/token/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "headeruser", password: TEST_PASSWORD }),
    });
    await get("400", "/register/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    await get("HEAD", "/books", { method: "HEAD" });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await seeded?.destroy();
  });

  it("covers every kind of response", () => {
    expect(Object.fromEntries(answers.map(({ label, status }) => [label, status]))).toEqual({
      "content page": 200,
      "304 of a page": 304,
      "page with its own script": 200,
      "not-found page": 404,
      redirect: 301,
      "JSON list": 200,
      "JSON 404": 404,
      health: 200,
      download: 200,
      "partial download": 206,
      "unsatisfiable range": 416,
      "hashed asset": 200,
      "public file": 200,
      "service worker": 200,
      "405": 405,
      login: 200,
      "400": 400,
      HEAD: 200,
    });
  });

  it("sends a CSP without unsafe-inline scripts, framing refused, on every response", () => {
    for (const { headers, label } of answers) {
      const csp = headers.get("content-security-policy") ?? "";
      expect(csp, label).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'(;|$)/);
      expect(csp, label).not.toContain("unsafe-inline");
      expect(csp, label).not.toContain("unsafe-eval");
      for (const directive of [
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'none'",
        "default-src 'self'",
      ])
        expect(csp, label).toContain(directive);
    }
  });

  it("sends nosniff, a referrer policy and a permissions policy, and no version, on every response", () => {
    for (const { headers, label } of answers) {
      expect(headers.get("x-content-type-options"), label).toBe("nosniff");
      expect(headers.get("referrer-policy"), label).toBe("strict-origin-when-cross-origin");
      expect(headers.get("permissions-policy"), label).toMatch(
        /camera=\(\).*microphone=\(\).*geolocation=\(\)/,
      );
      expect(headers.get("x-powered-by"), label).toBeNull();
      expect(headers.get("server"), label).toBeNull();
    }
  });

  it(`sends HSTS for a year ${scheme === "https" ? "on every response" : "never, over plain HTTP"}`, () => {
    for (const { headers, label } of answers) {
      expect(headers.get("strict-transport-security"), label).toBe(
        scheme === "https" ? "max-age=31536000; includeSubDomains" : null,
      );
    }
  });

  it("labels every text body with its charset", () => {
    for (const { headers, label, status } of answers) {
      const type = headers.get("content-type");
      if (status === 304 || !type) continue;
      if (/^(text\/|application\/json|application\/javascript)/.test(type))
        expect(type, label).toMatch(/charset=utf-8/i);
    }
  });

  it(`makes the session cookie HttpOnly and SameSite${scheme === "https" ? ", Secure and __Host-" : ""}`, () => {
    const cookie = answers.find((answer) => answer.label === "login")!.headers.get("set-cookie")!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    if (scheme === "https")
      expect(cookie).toMatch(/^__Host-studyzed_session=[\w-]{43}; Path=\/;.*; Secure/);
    else expect(cookie).not.toMatch(/Secure/);
  });

  it("gives each response its own script nonce", async () => {
    const nonceOf = async () =>
      /'nonce-([^']+)'/.exec(
        (await fetch(`${server.url}/healthz`)).headers.get("content-security-policy") ?? "",
      )?.[1];
    expect(await nonceOf()).not.toBe(await nonceOf());
  });
});
