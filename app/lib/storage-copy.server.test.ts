import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type RunningS3Server } from "#tests/setup/s3-server";
import { filesDir, localDiskStorage } from "#app/lib/file-storage.server";
import { s3Storage } from "#app/lib/s3-storage.server";
import { runStorageCopy } from "./storage-copy.server";

describe("npm run storage:copy -- --to s3", () => {
  let s3: RunningS3Server;
  let dataDir: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = await mkdtemp(path.join(tmpdir(), "studyzed-copy-"));
  });
  afterAll(async () => {
    await s3.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const run = async (argv = ["--to", "s3"]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runStorageCopy(
      argv,
      { out: (line) => out.push(line), err: (line) => err.push(line) },
      { ...s3.env, DATA_DIR: dataDir },
    );
    return { code, out: out.join("\n"), err: err.join("\n") };
  };

  it("copies every stored file once, verified, reports one it cannot trust, and copies nothing when run again", async () => {
    const disk = localDiskStorage(filesDir(dataDir));
    const saved = await Promise.all(
      ["first file", "second file", "x".repeat(300_000)].map((text) =>
        disk.save(Buffer.from(text)),
      ),
    );
    // A file whose bytes are not what its name says (a disk fault): never copied as it.
    const damaged = "ab".repeat(32);
    await mkdir(path.join(filesDir(dataDir), "ab"), { recursive: true });
    await writeFile(path.join(filesDir(dataDir), "ab", damaged), "damaged");

    const first = await run();
    expect(first.code).toBe(1);
    expect(first.out).toContain("copied 3, skipped 0 (already there), failed 1");
    expect(first.err).toMatch(new RegExp(`^failed ${damaged}: the file on disk does not match`));

    const store = s3Storage({
      bucket: s3.bucket,
      prefix: "studyzed",
      endpoint: s3.endpoint,
      region: "us-east-1",
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
    });
    for (const { sha256 } of saved) expect(await store.has(sha256)).toBe(true);
    expect(await store.has(damaged)).toBe(false);

    await rm(path.join(filesDir(dataDir), "ab", damaged));
    const again = await run();
    expect(again).toMatchObject({ code: 0, err: "" });
    expect(again.out).toContain("copied 0, skipped 3 (already there), failed 0");
  });

  it("says how to call it, and refuses a disk STORAGE_URL as its target", async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(["--to", "disk"])).err).toBe("Usage: npm run storage:copy -- --to s3");
    const code = await runStorageCopy(
      ["--to", "s3"],
      { out: () => {}, err: (line) => expect(line).toMatch(/STORAGE_URL must be the s3:\/\//) },
      { DATA_DIR: dataDir },
    );
    expect(code).toBe(1);
  });
});
