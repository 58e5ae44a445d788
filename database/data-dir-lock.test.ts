import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataDirInUseError, lockDataDir } from "./data-dir-lock";

describe("the DATA_DIR lock", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "studyzed-lock-"));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it("refuses a second holder while a running process holds it, naming the holder", async () => {
    // A lock written by another live process: this test's parent, which is surely running.
    await writeFile(
      path.join(folder, "pglite.lock"),
      JSON.stringify({ pid: process.ppid, holder: "the StudyZed server", since: "now" }),
    );
    const attempt = lockDataDir(folder, "admin:create");
    await expect(attempt).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(attempt).rejects.toThrow(
      `is in use by the StudyZed server (process ${process.ppid})`,
    );
  });

  it("takes over a lock left by a process that has ended, and releases it", async () => {
    await writeFile(
      path.join(folder, "pglite.lock"),
      JSON.stringify({ pid: 2_147_483_000, holder: "a crashed server", since: "then" }),
    );
    const lock = await lockDataDir(folder, "the StudyZed server");
    const written = JSON.parse(await readFile(path.join(folder, "pglite.lock"), "utf8")) as {
      pid: number;
    };
    expect(written.pid).toBe(process.pid);
    await lock.release();
    await expect(readFile(path.join(folder, "pglite.lock"))).rejects.toThrow();
  });
});
