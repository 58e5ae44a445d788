import { describe, expect, it } from "vitest";
import { readFormAnswer } from "./form-answer";

const SITE = "https://studyzed.example";

describe("readFormAnswer", () => {
  it("follows the site where it sent the form on, as after a registration", () => {
    expect(
      readFormAnswer({
        pageOrigin: SITE,
        url: `${SITE}/login?registered=1`,
        redirected: true,
        hasParts: true,
      }),
    ).toEqual({ kind: "go", to: `${SITE}/login?registered=1` });
  });

  it("shows the site's own page when it answered with the form's parts, success or refusal", () => {
    expect(
      readFormAnswer({ pageOrigin: SITE, url: `${SITE}/login`, redirected: false, hasParts: true }),
    ).toEqual({ kind: "page" });
  });

  it("gives the form's default failure for an answer of the site's without the form's parts", () => {
    expect(
      readFormAnswer({
        pageOrigin: SITE,
        url: `${SITE}/register`,
        redirected: false,
        hasParts: false,
      }),
    ).toEqual({ kind: "unreadable" });
  });

  it.each([
    ["another site answered after a redirect", "http://hotspot.example/sign-in", true],
    ["the answer names no address", "", false],
  ])("says there is no connection when %s", (_case, url, redirected) => {
    expect(readFormAnswer({ pageOrigin: SITE, url, redirected, hasParts: true })).toEqual({
      kind: "no-connection",
    });
  });
});
