import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { AwsClient } from "aws4fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server } from "#tests/setup/s3-server";
import {
  FileTooLargeError,
  localDiskStorage,
  StorageUnavailableError,
  StoredFileMissingError,
  type FileStorage,
} from "./file-storage.server";
import { s3Storage } from "./s3-storage.server";

/** Small parts, so that a file of a few hundred kilobytes goes up in several. */
const PART_BYTES = 64 * 1024;

type Store = {
  storage: FileStorage;
  /** Every name the store holds, temporary ones included. */
  names(): Promise<string[]>;
  close(): Promise<void>;
};

async function diskStore(): Promise<Store> {
  const root = await mkdtemp(path.join(tmpdir(), "studyzed-contract-"));
  return {
    storage: localDiskStorage(root),
    names: async () =>
      (await readdir(root, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))),
    close: () => rm(root, { recursive: true, force: true }),
  };
}

async function s3Store(): Promise<Store> {
  const server = await startS3Server();
  const location = {
    bucket: server.bucket,
    prefix: "site",
    endpoint: server.endpoint,
    region: "us-east-1",
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
  };
  const client = new AwsClient({ ...location, service: "s3", retries: 0 });
  return {
    storage: s3Storage(location, { partBytes: PART_BYTES, redirectDownloads: true }),
    names: async () => {
      const response = await client.fetch(`${server.endpoint}/${server.bucket}/?list-type=2`);
      return [...(await response.text()).matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]!);
    },
    close: () => server.stop(),
  };
}

/** A stream that sends `first` and then fails, as an upload whose sender went away. */
function breaksOffAfter(first: Buffer): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (sent) setImmediate(() => this.destroy(new Error("aborted")));
      else {
        sent = true;
        this.push(first);
      }
    },
  });
}

/** A stream of `bytes` in chunks of 10,000, as an upload arrives. */
function chunked(bytes: Buffer): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.byteLength; at += 10_000)
    chunks.push(bytes.subarray(at, at + 10_000));
  return Readable.from(chunks);
}

const sha256Of = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const pdf = (size: number, fill: string) =>
  Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(size - 9, fill)]);
const readAll = async (
  storage: FileStorage,
  sha256: string,
  range?: { start: number; end: number },
) => text(await storage.open(sha256, range));

describe.each([
  ["the local disk", diskStore],
  ["an S3 server", s3Store],
])("file storage on %s", (_name, makeStore) => {
  let store: Store;
  beforeAll(async () => {
    store = await makeStore();
  });
  afterAll(async () => {
    await store.close();
  });

  it("saves bytes once per content and opens them whole and in ranges", async () => {
    const bytes = Buffer.from("the same bytes, saved twice");
    const first = await store.storage.save(bytes);
    const second = await store.storage.save(bytes);
    expect(first).toEqual({ sha256: sha256Of(bytes), byteSize: bytes.byteLength });
    expect(second).toEqual(first);
    expect((await store.names()).filter((name) => name.endsWith(first.sha256))).toHaveLength(1);
    expect(await readAll(store.storage, first.sha256)).toBe(bytes.toString());
    expect(await readAll(store.storage, first.sha256, { start: 4, end: 7 })).toBe("same");
    expect(await store.storage.has(first.sha256)).toBe(true);
  });

  it("stores a small stream and a stream of several parts under their sha256", async () => {
    const small = pdf(1_000, "s");
    const large = pdf(5 * PART_BYTES + 123, "l");
    const savedSmall = await store.storage.saveStream(chunked(small), { maxBytes: 1_000_000 });
    const savedLarge = await store.storage.saveStream(chunked(large), { maxBytes: 1_000_000 });
    expect(savedSmall).toEqual({ sha256: sha256Of(small), byteSize: small.byteLength });
    expect(savedLarge).toEqual({ sha256: sha256Of(large), byteSize: large.byteLength });
    expect(await readAll(store.storage, savedLarge.sha256)).toBe(large.toString());
    const end = large.byteLength - 1;
    expect(await readAll(store.storage, savedLarge.sha256, { start: end - 9, end })).toBe(
      large.subarray(end - 9).toString(),
    );
    // The same content again is stored once, and no temporary object is left.
    await store.storage.saveStream(chunked(large), { maxBytes: 1_000_000 });
    const names = await store.names();
    expect(names.filter((name) => name.endsWith(savedLarge.sha256))).toHaveLength(1);
    expect(names.filter((name) => name.includes("tmp"))).toEqual([]);
  });

  it("refuses a stream over maxBytes or refused by inspect, and keeps nothing of it", async () => {
    const before = await store.names();
    const large = pdf(3 * PART_BYTES, "t");
    await expect(
      store.storage.saveStream(chunked(large), { maxBytes: 2 * PART_BYTES + 5 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    const refusal = new Error("not a PDF");
    await expect(
      store.storage.saveStream(chunked(Buffer.alloc(100, "x")), {
        maxBytes: 1_000_000,
        inspect: () => {
          throw refusal;
        },
      }),
    ).rejects.toBe(refusal);
    expect(await store.storage.has(sha256Of(large))).toBe(false);
    expect((await store.names()).sort()).toEqual(before.sort());
  });

  it("keeps nothing of a stream that breaks off, and the file before it stays served", async () => {
    const old = await store.storage.save(Buffer.from("the file students have now"));
    const before = await store.names();
    await expect(
      store.storage.saveStream(breaksOffAfter(pdf(3 * PART_BYTES, "b")), { maxBytes: 1_000_000 }),
    ).rejects.toThrow("aborted");
    expect((await store.names()).sort()).toEqual(before.sort());
    expect(await readAll(store.storage, old.sha256)).toBe("the file students have now");
  });

  it("tells a missing file apart from a store that cannot answer", async () => {
    const missing = "0".repeat(64);
    expect(await store.storage.has(missing)).toBe(false);
    await expect(store.storage.open(missing)).rejects.toBeInstanceOf(StoredFileMissingError);
    await expect(store.storage.check()).resolves.toBeUndefined();
  });

  it("gives a short-lived address that serves the file and its ranges, where it redirects", async () => {
    if (!store.storage.downloadUrl) return;
    const { sha256 } = await store.storage.save(Buffer.from("0123456789"));
    const url = await store.storage.downloadUrl(sha256, {
      contentType: "application/pdf",
      contentDisposition: 'attachment; filename="notes.pdf"',
      expiresSeconds: 300,
    });
    expect(url).toContain("X-Amz-Expires=300");
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("application/pdf");
    expect(whole.headers.get("content-disposition")).toBe('attachment; filename="notes.pdf"');
    expect(await whole.text()).toBe("0123456789");
    const part = await fetch(url, { headers: { Range: "bytes=2-4" } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe("234");
  });
});

describe("an S3 store that cannot be reached", () => {
  it("fails reads and checks with StorageUnavailableError", async () => {
    const server = await startS3Server();
    await server.stop();
    const storage = s3Storage({
      bucket: server.bucket,
      prefix: "",
      endpoint: server.endpoint,
      region: "us-east-1",
      accessKeyId: server.accessKeyId,
      secretAccessKey: server.secretAccessKey,
    });
    await expect(storage.check()).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.open("a".repeat(64))).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(
      storage.saveStream(chunked(pdf(1_000, "u")), { maxBytes: 1_000_000 }),
    ).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});
