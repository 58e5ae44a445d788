import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PAGE_SCRIPT_NAMES } from "./page-scripts.server";

describe("page scripts", () => {
  it("names exactly the entry files of app/page-scripts, so every handle's script gets built", () => {
    const files = readdirSync("app/page-scripts")
      .filter((file) => file.endsWith(".ts"))
      .map((file) => file.slice(0, -".ts".length))
      .sort();
    expect([...PAGE_SCRIPT_NAMES].sort()).toEqual(files);
  });
});
