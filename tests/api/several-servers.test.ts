import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { s3Storage } from "#app/lib/s3-storage.server";
import { openDatabase, selectRows, type DatabaseHandle } from "#database/client.server";
import { createTestUser, sessionCookieFor, TEST_PASSWORD } from "#tests/setup/accounts";
import { articleFormFields, multipartBody } from "#tests/setup/forms";
import { startProductionServer, type ProductionServer } from "#tests/setup/production-server";
import { startS3Server, type RunningS3Server } from "#tests/setup/s3-server";
import { prepareServerDatabase, type ServerDatabase } from "#tests/setup/server-database";
import { placeholderPdf } from "#tests/setup/placeholder-pdf";

/**
 * docs/deploy.md: several app servers on one PostgreSQL, one Redis (when TEST_REDIS_URL is
 * set; PostgreSQL carries the limits and the change signal otherwise) and one S3 bucket are
 * one site. Two server processes, each with a DATA_DIR of its own so that nothing can pass
 * between them on disk, and an S3-protocol server the test starts on 127.0.0.1.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("two servers on one database and bucket", () => {
  let database: ServerDatabase;
  let otherDataDir: string;
  let store: RunningS3Server;
  let a: ProductionServer;
  let b: ProductionServer;
  let db: DatabaseHandle;
  let admin: string;
  const run = randomBytes(4).toString("hex");

  beforeAll(async () => {
    store = await startS3Server();
    database = await prepareServerDatabase("postgres", "servers");
    otherDataDir = await mkdtemp(path.join(tmpdir(), "studyzed-servers-b-"));
    const env = {
      ...database.env,
      ...store.env,
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    };
    // Started together, as after a deploy: one prepares the database, the other waits.
    [a, b] = await Promise.all([
      startProductionServer({ dataDir: database.dataDir, env }),
      startProductionServer({ dataDir: otherDataDir, env }),
    ]);
    db = await openDatabase({ kind: "postgres", url: database.env.DATABASE_URL! });
    await createTestUser(db.db, `boss${run}`, "admin");
    admin = await sessionCookieFor(a.url, `boss${run}`);
  }, 120_000);

  afterAll(async () => {
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await db?.close();
    await database?.destroy();
    if (otherDataDir) await rm(otherDataDir, { recursive: true, force: true });
    await store?.stop();
  });

  const upload = (server: ProductionServer, key: string, bytes: Buffer) => {
    const { body, contentType } = multipartBody({ intent: "file" }, [
      { field: "file", fileName: `${key}.pdf`, type: "application/pdf", bytes },
    ]);
    return fetch(`${server.url}/admin/catalogue/${key}`, {
      method: "POST",
      headers: { cookie: admin, origin: server.url, "content-type": contentType },
      body: new Uint8Array(body),
    });
  };

  it("serves a PDF uploaded through one server from the other, with ranges", async () => {
    const pdf = pdfOf(300_000);
    const uploaded = await upload(a, "mathematics-indices", pdf);
    expect(uploaded.status).toBe(200);
    await uploaded.arrayBuffer();

    const whole = await fetch(`${b.url}/download/mathematics-indices`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("etag")).toBe(`"${sha256Of(pdf)}"`);
    expect(Buffer.from(await whole.arrayBuffer()).equals(pdf)).toBe(true);

    const part = await fetch(`${b.url}/download/mathematics-indices`, {
      headers: { range: "bytes=100000-100099" },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100000-100099/${pdf.byteLength}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(pdf.subarray(100_000, 100_100))).toBe(true);
  });

  it("shows an article published on one server on the other's lists within a second", async () => {
    // B has both in its cache before the change.
    for (const path of ["/smartify", "/List/", "/smartify", "/List/"])
      expect((await fetch(`${b.url}${path}`)).status).toBe(200);
    const title = `Published on A ${run}`;
    const { body, contentType } = multipartBody(articleFormFields({ title, intent: "publish" }));
    const published = await fetch(`${a.url}/admin/articles/new`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: admin, origin: a.url, "content-type": contentType },
      body: new Uint8Array(body),
    });
    expect(published.status).toBe(303);
    const answered = performance.now();
    const seenOn = async (path: string) => {
      while (performance.now() - answered < 1_000) {
        if ((await (await fetch(`${b.url}${path}`)).text()).includes(title))
          return performance.now() - answered;
        await setTimeout(50);
      }
      return Infinity;
    };
    // docs/deploy.md#caches: within one second, not the hour a cached response lives.
    expect(await seenOn("/smartify")).toBeLessThan(1_000);
    expect(await seenOn("/List/")).toBeLessThan(1_000);
  });

  it("shows a change made with plain SQL on both servers within a second, with no message sent", async () => {
    const lists = () =>
      Promise.all([a, b].map(async (server) => (await fetch(`${server.url}/List/`)).text()));
    const title = `Retitled by SQL ${run}`;
    expect((await lists()).some((body) => body.includes(title))).toBe(false);
    await db.db.execute(
      sql`update articles set title = ${title} where id = (select min(id) from articles where published)`,
    );
    await vi.waitFor(
      async () => expect((await lists()).every((body) => body.includes(title))).toBe(true),
      { timeout: 1_000, interval: 20 },
    );
  });

  it("limits a student who failed logins on one server on the other", async () => {
    const username = `guess${run}`;
    await createTestUser(db.db, username);
    const login = (server: ProductionServer, address: string, password: string) =>
      fetch(`${server.url}/api/token/`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body: JSON.stringify({ username, password }),
      });
    // Ten wrong passwords from ten addresses on A: the username's own limit is full.
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await login(a, `10.19.0.${attempt + 1}`, "wrong-password")).status).toBe(401);
    const onB = await login(b, "10.19.1.1", TEST_PASSWORD);
    expect(onB.status).toBe(429);
    expect(Number(onB.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("keeps a session made on one server good on the other", async () => {
    const page = await fetch(`${b.url}/account`, { headers: { cookie: admin } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`boss${run}`);
  });

  it("goes on answering when the other is killed mid-download and mid-upload, and no file is half-written", async () => {
    const big = pdfOf(8_000_000);
    expect((await upload(a, "mathematics-functions", big)).status).toBe(200);
    const before = await fetch(`${b.url}/download/mathematics-functions`);
    const served = Buffer.from(await before.arrayBuffer());
    expect(served.equals(big)).toBe(true);

    // A download from A that has started, and an upload to A that is half sent.
    const download = startSlowDownload(`${a.url}/download/mathematics-functions`);
    await download.started;
    const replacement = pdfOf(8_000_000);
    const halfUpload = startHalfUpload(a, admin, "mathematics-functions", replacement);
    await halfUpload.halfSent;

    const answers: number[] = [];
    let asking = true;
    const asker = (async () => {
      for (let index = 0; asking; index++) {
        const path = ["/", "/List/", "/smartify", "/download/mathematics-indices"][index % 4]!;
        const response = await fetch(`${b.url}${path}`);
        await response.arrayBuffer();
        answers.push(response.status);
      }
    })();
    await setTimeout(200);
    a.process.kill("SIGKILL");
    await new Promise((resolve) => a.process.once("exit", resolve));
    await setTimeout(500);
    asking = false;
    await asker;
    download.goOn();
    await download.ended;
    await halfUpload.ended;
    expect(answers.length).toBeGreaterThan(4);
    expect(answers.filter((status) => status !== 200)).toEqual([]);

    // The booklet still serves the file the broken upload would have replaced.
    const after = await fetch(`${b.url}/download/mathematics-functions`);
    expect(Buffer.from(await after.arrayBuffer()).equals(big)).toBe(true);
    expect(await b.stop(), "B stopped by SIGTERM").toBe(0);

    // Every file the database names is whole in the bucket: its bytes hash to its name.
    const files = await selectRows<{ sha256: string; byte_size: number }>(
      db.db,
      sql`select distinct sha256, byte_size from stored_files where not is_sample`,
    );
    expect(files.length).toBeGreaterThanOrEqual(2);
    const bucket = s3Storage({
      bucket: store.bucket,
      prefix: "studyzed",
      endpoint: store.endpoint,
      region: "us-east-1",
      accessKeyId: store.accessKeyId,
      secretAccessKey: store.secretAccessKey,
    });
    for (const file of files) {
      const bytes = Buffer.concat(await (await bucket.open(file.sha256)).toArray());
      expect(bytes.byteLength).toBe(Number(file.byte_size));
      expect(sha256Of(bytes)).toBe(file.sha256);
    }
  }, 60_000);
});

/** A PDF the site takes, of about `size` bytes that no store can shrink. */
function pdfOf(size: number): Buffer {
  return placeholderPdf("a scanned paper", size, { filler: randomBytes });
}

function sha256Of(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * A download that reads its first bytes and then waits, so that it is in flight; `goOn`
 * reads the rest (a paused response hears of its broken connection only once read).
 */
function startSlowDownload(url: string) {
  let markStarted: () => void;
  let goOn = () => {};
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const ended = new Promise<void>((resolve) => {
    const req = request(url, (res) => {
      res.once("data", () => {
        res.pause();
        goOn = () => res.resume();
        markStarted();
      });
      res.on("error", () => {});
      res.on("close", () => resolve());
    });
    req.on("error", () => {
      markStarted();
      resolve();
    });
    req.end();
  });
  return { started, ended, goOn: () => goOn() };
}

/** An upload that sends half its body and then waits: in flight when the server dies. */
function startHalfUpload(server: ProductionServer, cookie: string, key: string, bytes: Buffer) {
  const { body, contentType } = multipartBody({ intent: "file" }, [
    { field: "file", fileName: `${key}.pdf`, type: "application/pdf", bytes },
  ]);
  const url = new URL(`${server.url}/admin/catalogue/${key}`);
  let markHalfSent: () => void;
  const halfSent = new Promise<void>((resolve) => (markHalfSent = resolve));
  const ended = new Promise<void>((resolve) => {
    const req = request(url, {
      method: "POST",
      headers: {
        cookie,
        origin: server.url,
        "content-type": contentType,
        "content-length": String(body.byteLength),
      },
    });
    // Whatever happens to it (the server dies, or answers), it has ended once its socket closes.
    req.on("error", () => {});
    req.on("close", () => resolve());
    req.on("response", (res) => res.resume());
    req.write(body.subarray(0, body.byteLength / 2), () => markHalfSent());
  });
  return { halfSent, ended };
}

describe("WEB_CONCURRENCY", () => {
  let database: ServerDatabase | undefined;
  let server: ProductionServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await database?.destroy();
  });

  it("is ignored with a warning that points to several servers behind a proxy", async () => {
    database = await prepareServerDatabase("pglite", "concurrency");
    server = await startProductionServer({
      dataDir: database.dataDir,
      env: { ...database.env, WEB_CONCURRENCY: "2" },
    });
    expect(server.output()).toContain(
      "WEB_CONCURRENCY is ignored: for more cores, run several servers behind a proxy (docs/deploy.md)",
    );
    expect((await fetch(`${server.url}/List/`)).status).toBe(200);
    expect(await server.stop()).toBe(0);
  }, 120_000);
});
