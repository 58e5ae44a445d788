import { describe, expect, it } from "vitest";
import { loginAfterRegistering, nextPageAfterLogin, usernameToFillIn } from "./next-page";

describe("the login page after registering", () => {
  it("carries the username, as it is stored, to be filled in", () => {
    const address = loginAfterRegistering("ｍｗｉｌａ.b");
    expect(address).toBe("/login?registered=1&username=mwila.b");
    expect(usernameToFillIn(new URL(address, "https://studyzed.test"))).toBe("mwila.b");
  });

  it.each(["two words", "<b>", "x".repeat(151), ""])("fills in nothing for %j", (username) => {
    const url = new URL("https://studyzed.test/login");
    url.searchParams.set("username", username);
    expect(usernameToFillIn(url)).toBe("");
  });
});

const after = (next: string) =>
  nextPageAfterLogin(new URL(`https://studyzed.test/login?next=${encodeURIComponent(next)}`));

describe("nextPageAfterLogin", () => {
  it.each([
    "/admin",
    "/admin/articles/1",
    "/progress",
    "/progress/cell",
    "/progress/attempts/abc-123_x",
    "/review",
    "/classes",
    "/classes/new",
    "/join/K7M-4QX",
  ])("goes back to %s", (next) => {
    expect(after(next)).toBe(next);
  });

  it.each([
    "https://evil.example/progress",
    "//evil.example/progress",
    "/progressive",
    "/reviews",
    "/classesx",
    "/join/K7M?x",
    "/progress?x=1",
    "/progress/../account",
    "/quizzes",
    "javascript:alert(1)",
    "",
  ])("refuses %s and goes home", (next) => {
    expect(after(next)).toBe("/");
  });

  it("goes home when no next page is named", () => {
    expect(nextPageAfterLogin(new URL("https://studyzed.test/login"))).toBe("/");
  });
});
