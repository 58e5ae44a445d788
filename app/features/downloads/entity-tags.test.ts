import { describe, expect, it } from "vitest";
import { namesCurrentVersion } from "./entity-tags";

const ETAG = '"4f2a"';

describe("namesCurrentVersion", () => {
  it.each([
    ['"4f2a"', true],
    ['W/"4f2a"', true],
    ['"0000", "4f2a"', true],
    ['"0000",W/"4f2a"', true],
    ["*", true],
    [' "4f2a" ', true],
    ['"0000"', false],
    ['"4f2a0"', false],
    ["4f2a", false],
    ["", false],
    [null, false],
  ])("reads If-None-Match %s as %s", (header, expected) => {
    expect(namesCurrentVersion(header, ETAG)).toBe(expected);
  });
});
