import { setTimeout } from "node:timers/promises";
import pg from "pg";
import { createClient } from "redis";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "#database/client.server";
import { CONTENT_CHANGED_CHANNEL } from "#server/content-change-bus";
import { createTestUser, sessionCookieFor } from "#tests/setup/accounts";
import { articleFormFields, multipartBody } from "#tests/setup/forms";
import { startProductionServer, type ProductionServer } from "#tests/setup/production-server";
import { prepareServerDatabase, type ServerDatabase } from "#tests/setup/server-database";

/** The pids of the server processes the primary has started so far, from its log. */
function workerPids(server: ProductionServer): number[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.includes('"msg":"server process started"'))
    .map((line) => (JSON.parse(line) as { workerPid: number }).workerPid);
}

/** Several answers in a row: with two processes taking connections in turn, both answer. */
async function listTitles(url: string): Promise<string[]> {
  const bodies: string[] = [];
  for (let request = 0; request < 6; request++) {
    const response = await fetch(`${url}/List/`, { headers: { connection: "close" } });
    expect(response.status).toBe(200);
    bodies.push(await response.text());
  }
  return bodies;
}

/**
 * docs/decisions/0053-shared-limits-and-several-processes.md: WEB_CONCURRENCY server
 * processes on one port and one PostgreSQL, replaced when one dies, told of each other's
 * content changes within a second, and stopped together by SIGTERM.
 */
const redisUrl = process.env.TEST_REDIS_URL;
/** How the processes tell each other: PostgreSQL alone, and Redis pub/sub when there is one. */
const TRANSPORTS = [
  { name: "PostgreSQL NOTIFY", redisUrl: undefined },
  ...(redisUrl ? [{ name: "Redis pub/sub", redisUrl }] : []),
];

/** What an operator runs after changing content with plain SQL (README.md). */
async function announceChange(database: ServerDatabase, redis: string | undefined) {
  if (redis) {
    const client = createClient({ url: redis });
    await client.connect();
    await client.publish(CONTENT_CHANGED_CHANNEL, "sql");
    await client.close();
    return;
  }
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  await client.query(`NOTIFY ${CONTENT_CHANGED_CHANNEL}`);
  await client.end();
}

describe.skipIf(!process.env.TEST_DATABASE_URL).each(TRANSPORTS)(
  "WEB_CONCURRENCY=2 on PostgreSQL, with $name",
  (transport) => {
    let database: ServerDatabase | undefined;
    let server: ProductionServer | undefined;
    afterAll(async () => {
      await server?.stop();
      await database?.destroy();
    });

    it("serves from two processes, which see a change within a second, survive one's death and stop cleanly", async () => {
      database = await prepareServerDatabase("postgres", "cluster");
      server = await startProductionServer({
        dataDir: database.dataDir,
        env: {
          ...database.env,
          LOG_LEVEL: "info",
          WEB_CONCURRENCY: "2",
          ...(transport.redisUrl ? { REDIS_URL: transport.redisUrl } : {}),
        },
      });
      await vi.waitFor(() => expect(workerPids(server!)).toHaveLength(2), { timeout: 30_000 });
      expect(server.output().match(/"msg":"database ready"/g), "prepared once").toHaveLength(1);
      // The primary made the sample files: its server processes never loaded the catalogue.
      for (let request = 0; request < 4; request++) {
        const sample = await fetch(`${server.url}/download/mathematics-indices`);
        expect(sample.status).toBe(200);
        expect(
          Buffer.from(await sample.arrayBuffer())
            .subarray(0, 5)
            .toString(),
        ).toBe("%PDF-");
      }

      // Both processes keep /List/ (for five seconds); a change made with plain SQL and
      // announced, as an operator would, drops both copies at once.
      const newTitle = `Retitled ${Date.now()}`;
      expect((await listTitles(server.url)).every((body) => !body.includes(newTitle))).toBe(true);
      const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
      await client.connect();
      await client.query(
        "update articles set title = $1 where id = (select min(id) from articles where published)",
        [newTitle],
      );
      await client.end();
      await announceChange(database, transport.redisUrl);
      await vi.waitFor(
        async () =>
          expect((await listTitles(server!.url)).every((body) => body.includes(newTitle))).toBe(
            true,
          ),
        { timeout: 1_000, interval: 20 },
      );

      // An admin's change, through whichever process takes it, reaches the other's copy too.
      const handle = await openDatabase({ kind: "postgres", url: database.env.DATABASE_URL! });
      await createTestUser(handle.db, "cluster_admin", "admin");
      await handle.close();
      const admin = await sessionCookieFor(server.url, "cluster_admin");
      const published = `Published on one process ${Date.now()}`;
      expect((await listTitles(server.url)).every((body) => !body.includes(published))).toBe(true);
      const { body, contentType } = multipartBody(
        articleFormFields({ title: published, intent: "publish" }),
      );
      const created = await fetch(`${server.url}/admin/articles/new`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: admin, origin: server.url, "content-type": contentType },
        body: typeof body === "string" ? body : new Uint8Array(body),
      });
      expect(created.status).toBe(303);
      await vi.waitFor(
        async () =>
          expect((await listTitles(server!.url)).every((body) => body.includes(published))).toBe(
            true,
          ),
        { timeout: 1_000, interval: 20 },
      );

      // One process killed: the other answers every request, and a new one takes its place.
      const [first] = workerPids(server);
      process.kill(first!, "SIGKILL");
      await vi.waitFor(
        () => expect(server!.output()).toContain("a server process stopped; starting another"),
        { timeout: 10_000 },
      );
      for (let request = 0; request < 10; request++)
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      await vi.waitFor(() => expect(workerPids(server!)).toHaveLength(3), { timeout: 30_000 });

      expect(await server.stop(), server.output()).toBe(0);
      expect(server.output()).toContain("stopped: every server process has");
    }, 120_000);
  },
);

describe("WEB_CONCURRENCY=2 on the embedded database", () => {
  let database: ServerDatabase | undefined;
  let server: ProductionServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await database?.destroy();
  });

  it("runs one process and says why at start", async () => {
    database = await prepareServerDatabase("pglite", "cluster");
    server = await startProductionServer({
      dataDir: database.dataDir,
      env: { ...database.env, WEB_CONCURRENCY: "2" },
    });
    expect(server.output()).toContain(
      "WEB_CONCURRENCY is ignored: the embedded database serves one process",
    );
    await setTimeout(100);
    expect(await server.stop()).toBe(0);
  }, 120_000);
});
