import { describe, expect, it } from "vitest";
import { LIMITS } from "#app/features/accounts/login-limits";
import { siteBehindOneProxy } from "#tests/setup/site-behind-proxy";
import { DATABASE_KINDS } from "#tests/setup/test-database";

/**
 * Behind one proxy (TRUST_PROXY=1) the client's address is the one the proxy appended, the
 * right-most X-Forwarded-For entry; whatever the client wrote before it is ignored. With
 * TRUST_PROXY=true, which the server now refuses to start with (server/config.test.ts),
 * Express took the left-most entry, and every forged failure got a fresh limit.
 */
describe.each(DATABASE_KINDS)("a client that forges X-Forwarded-For, on %s", (kind) => {
  const site = siteBehindOneProxy(kind, Date.UTC(2032, 5, 6, 7, 8, 9));

  const post = (path: string, body: object, attempt: number, proxySaw: string) =>
    fetch(`${site.server.url}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `198.51.${attempt >> 8}.${attempt & 255}, ${proxySaw}`,
      },
      body: JSON.stringify(body),
    });

  it("is limited by the address the proxy saw, for logins", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= LIMITS.addressFailures.limit; attempt++) {
      // Names no account can have: each is a counted failure without a password check.
      const guess = { username: `no one ${attempt}`, password: "wrong" };
      statuses.push((await post("/api/token/", guess, attempt, "203.0.113.7")).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("is limited by the address the proxy saw, for registrations", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= LIMITS.addressRegistrations.limit; attempt++) {
      const invalid = { username: `forger${attempt}`, password: "x" };
      statuses.push((await post("/register/", invalid, attempt, "203.0.113.8")).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
