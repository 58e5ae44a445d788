import { describe, expect, it } from "vitest";
import { nextPageAfterLogin } from "./next-page";

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
  ])("goes back to %s", (next) => {
    expect(after(next)).toBe(next);
  });

  it.each([
    "https://evil.example/progress",
    "//evil.example/progress",
    "/progressive",
    "/reviews",
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
