import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  localDiskStorage,
  sweepTemporaryFiles,
  TEMPORARY_FILE_MAX_AGE_MS,
} from "./file-storage.server";

/** Descriptors this process holds open (Linux). */
const openDescriptors = () => readdirSync("/proc/self/fd").length;

/** A stream that sends `half` and then fails, as an upload whose sender went away. */
function breaksOffAfter(half: Buffer): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(half);
      } else {
        setImmediate(() => this.destroy(new Error("aborted")));
      }
    },
  });
}

const PDF_HALF = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(200_000, "x")]);

describe("localDiskStorage.saveStream", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "studyzed-storage-"));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("leaves no temporary file and no open descriptor when its stream breaks off", async () => {
    const storage = localDiskStorage(root);
    // Once whole first, so that anything opened once per process is open before counting.
    await storage.saveStream(Readable.from([PDF_HALF]), { maxBytes: 1_000_000 });
    const before = openDescriptors();
    await expect(
      storage.saveStream(breaksOffAfter(PDF_HALF), { maxBytes: 1_000_000 }),
    ).rejects.toThrow("aborted");
    expect(await readdir(path.join(root, "tmp"))).toEqual([]);
    expect(openDescriptors()).toBe(before);
  });

  it("leaves no temporary file when the whole file cannot be put in place", async () => {
    const storage = localDiskStorage(root);
    const before = openDescriptors();
    // The file's fan-out folder name is taken by a file, so it cannot be put in place.
    const sha256 = createHash("sha256").update(PDF_HALF).digest("hex");
    await writeFile(path.join(root, sha256.slice(0, 2)), "");
    await expect(
      storage.saveStream(Readable.from([PDF_HALF]), { maxBytes: 1_000_000 }),
    ).rejects.toThrow();
    expect(await readdir(path.join(root, "tmp"))).toEqual([]);
    expect(openDescriptors()).toBe(before);
  });
});

describe("sweepTemporaryFiles", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "studyzed-sweep-"));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("removes the temporary files older than any upload lasts, and keeps newer ones", async () => {
    const folder = path.join(root, "tmp");
    await mkdir(folder);
    const now = Date.now();
    const old = new Date(now - TEMPORARY_FILE_MAX_AGE_MS - 60_000);
    await writeFile(path.join(folder, "0123456789abcdef.upload"), "left by a crash");
    await utimes(path.join(folder, "0123456789abcdef.upload"), old, old);
    await writeFile(path.join(folder, "fedcba9876543210.upload"), "another process's, arriving");
    expect(await sweepTemporaryFiles(root, { now })).toBe(1);
    expect(await readdir(folder)).toEqual(["fedcba9876543210.upload"]);
  });

  it("does nothing when no upload has ever been made", async () => {
    expect(await sweepTemporaryFiles(root)).toBe(0);
  });
});
