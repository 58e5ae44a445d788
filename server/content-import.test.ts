import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runContentImport } from "./content-import";

/** The command's own answers; what it imports is tested in content-import.server.test.ts. */
describe("the content:import command", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "studyzed-import-cli-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const run = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runContentImport(
      argv,
      { out: (line) => out.push(line), err: (line) => err.push(line) },
      { DATA_DIR: dataDir },
    );
    return { code, out, err: err.join("\n") };
  };

  it("shows its usage when the path is missing or an option is unknown", async () => {
    const bare = await run([]);
    expect(bare.code).toBe(2);
    expect(bare.err).toContain("Usage: npm run content:import -- PATH [--dry-run]");
    const unknown = await run([dataDir, "--force"]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("Unknown option '--force'");
  });

  it("says so when the path names nothing", async () => {
    const missing = path.join(dataDir, "no-such-folder");
    expect(await run([missing])).toEqual({
      code: 1,
      out: [],
      err: `There is no file or folder at ${missing}.`,
    });
  });

  it("refuses, clearly, while a server has the embedded database open", async () => {
    // The lock a running server writes: this test's parent process, which is surely running.
    await writeFile(
      path.join(dataDir, "pglite.lock"),
      JSON.stringify({ pid: process.ppid, holder: "the StudyZed server", since: "now" }),
    );
    const refused = await run([dataDir]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(
      /^Cannot import now: .* is in use by the StudyZed server \(process \d+\); .* Stop the server, run this command, then start the server again\.$/,
    );
  });
});
