import { readdirSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { localDiskStorage } from "./file-storage.server";
import { readMultipartForm, UploadError } from "./multipart.server";

const BOUNDARY = "----studyzedunittest";
const HEAD = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nfile\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="notes.pdf"\r\n` +
    `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
);
const HALF_A_FILE = Buffer.alloc(200_000, "x");

/** Descriptors this process holds open (Linux). */
const openDescriptors = () => readdirSync("/proc/self/fd").length;

/**
 * A form post whose body sends the start of a file and then waits: `breakOff` fails it, as a
 * body whose sender went away; left alone it stalls, as one whose sender stopped sending.
 */
function cutOffPost(signal?: AbortSignal): { request: Request; breakOff(): void } {
  let step = 0;
  let breakOff = () => {};
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      step++;
      if (step === 1) controller.enqueue(new Uint8Array(HEAD));
      else if (step === 2) controller.enqueue(new Uint8Array(HALF_A_FILE));
      else
        return new Promise<void>((resolve) => {
          breakOff = () => {
            controller.error(new Error("aborted"));
            resolve();
          };
        });
    },
  });
  const request = new Request("http://localhost/admin/catalogue/x", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    body,
    signal,
    duplex: "half",
  } as RequestInit);
  return { request, breakOff: () => breakOff() };
}

describe("readMultipartForm with a body that breaks off half-way through a file", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "studyzed-multipart-"));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const read = (request: Request) => {
    const storage = localDiskStorage(root);
    return readMultipartForm(request, { maxFiles: 1, maxFileBytes: 1_000_000 }, ({ stream }) =>
      storage.saveStream(stream, { maxBytes: 1_000_000 }),
    );
  };

  /** Once, so that anything opened once per process is open before counting. */
  async function warmUp() {
    await localDiskStorage(root).save(Buffer.from("warm-up"));
  }

  /** Waits until the file has begun to arrive: its temporary file is there. */
  async function fileArriving() {
    for (let tries = 0; tries < 400; tries++) {
      if ((await readdir(path.join(root, "tmp")).catch(() => [])).length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await readdir(path.join(root, "tmp"))).toHaveLength(1);
  }

  it("refuses it, and has removed the temporary file and closed it by then", async () => {
    await warmUp();
    const before = openDescriptors();
    const post = cutOffPost();
    const reading = read(post.request).catch((error: unknown) => error);
    await fileArriving();
    post.breakOff();
    const refusal = await reading;
    expect(refusal).toBeInstanceOf(UploadError);
    expect((refusal as UploadError).status).toBe(400);
    expect(await readdir(path.join(root, "tmp"))).toEqual([]);
    expect(openDescriptors()).toBe(before);
  });

  it("stops when the sender goes away while the body is stalled", async () => {
    await warmUp();
    const before = openDescriptors();
    const sender = new AbortController();
    const reading = read(cutOffPost(sender.signal).request).catch((error: unknown) => error);
    await fileArriving();
    sender.abort();
    expect(await reading).toBeInstanceOf(UploadError);
    expect(await readdir(path.join(root, "tmp"))).toEqual([]);
    expect(openDescriptors()).toBe(before);
  });
});
