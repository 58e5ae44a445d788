import { describe, expect, it } from "vitest";
import { LIMITS } from "#app/features/accounts/login-limits";
import { siteBehindOneProxy } from "#tests/setup/site-behind-proxy";
import { DATABASE_KINDS } from "#tests/setup/test-database";

/**
 * One username, one key: the login limits, the lookup and registration read a name the same
 * way, so no spelling of a name reaches an account around that account's limits. Before,
 * the limiter lower-cased in JavaScript and the lookup in SQL, and `bfİ_vİctİm` logged in
 * as `bfi_victim` with bfi_victim's limit untouched.
 */
const PASSWORD = "Kafue-Flats-Lechwe-2026";

describe.each(DATABASE_KINDS)("usernames on %s", (kind) => {
  const site = siteBehindOneProxy(kind, Date.UTC(2032, 1, 2, 3, 4, 5));

  let nextAddress = 1;
  const call = (path: string, body: object) =>
    fetch(`${site.server.url}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `10.20.${nextAddress >> 8}.${nextAddress++ & 255}`,
      },
      body: JSON.stringify(body),
    });
  const register = (username: string) =>
    call("/register/", {
      first_name: "Bwalya",
      last_name: "Chanda",
      username,
      email: "",
      password: PASSWORD,
    });
  const login = (username: string, password = PASSWORD) =>
    call("/api/token/", { username, password });

  let nextName = 0;
  it.each([
    ["a dotted capital I", (name: string) => name.replaceAll("i", "İ")],
    ["a dotless i", (name: string) => name.replaceAll("i", "ı")],
    ["a sharp s", (name: string) => name.replace("ss", "ß")],
    ["a zero-width space", (name: string) => `${name.slice(0, 2)}\u200b${name.slice(2)}`],
    ["a combining dot above", (name: string) => name.replaceAll("i", "i\u0307")],
    ["a Cyrillic i", (name: string) => name.replaceAll("i", "і")],
  ])("never reaches an account through its name spelled with %s", async (_label, respell) => {
    const username = `bfi_victim_ssi_${kind}${nextName++}`;
    const spelling = respell(username);
    expect(spelling).not.toBe(username);
    expect((await register(username)).status).toBe(201);
    // The right password under the other spelling is no login, and no new account either.
    expect((await login(spelling)).status).toBe(401);
    expect((await register(spelling)).status).toBe(400);
    expect((await login(username)).status).toBe(200);
  });

  it("reads full-width letters as the name they spell, for registration, login and limits alike", async () => {
    const username = `mwila_${kind}`;
    const fullWidth = [...username]
      .map((char) => String.fromCodePoint(char.codePointAt(0)! + 0xfee0))
      .join("");
    expect((await register(username)).status).toBe(201);
    expect((await register(fullWidth)).status).toBe(409);
    expect((await login(fullWidth)).status).toBe(200);
    // Failures under the full-width spelling fill the plain name's limit.
    for (let attempt = 0; attempt < LIMITS.usernameFailures.limit; attempt++)
      expect((await login(fullWidth.toUpperCase(), "wrong-password")).status).toBe(401);
    expect((await login(username)).status).toBe(429);
  });
});
