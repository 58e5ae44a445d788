import { randomBytes } from "node:crypto";
import pg from "pg";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createEmptyPostgresDatabase } from "#tests/setup/test-database";
import { createContentChangeBus, type ContentChangeBus } from "./content-change-bus";
import { createLogger } from "./logger";

const logger = createLogger({ level: "silent" });
const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** Two server processes' buses on one database, each counting the changes it hears. */
async function twoServers(
  url: string,
  extra: { redisUrl?: string } = {},
): Promise<{
  a: ContentChangeBus;
  b: ContentChangeBus;
  heard: { a: number; b: number };
  nameOfB: string;
}> {
  const heard = { a: 0, b: 0 };
  const nameOfB = `studyzed-test-bus-${randomBytes(4).toString("hex")}`;
  const common = { postgresUrl: url, logger, firstDelayMs: 50, maxDelayMs: 500, ...extra };
  const a = await createContentChangeBus({ ...common, onChange: () => heard.a++ });
  const b = await createContentChangeBus({
    ...common,
    onChange: () => heard.b++,
    connectionName: nameOfB,
  });
  return { a, b, heard, nameOfB };
}

/** The behaviour every transport must have; `cutB` drops B's connection from the server's side. */
function behavesLikeABus(
  name: string,
  setup: () => Promise<{ url: string; redisUrl?: string; cutB: (name: string) => Promise<void> }>,
) {
  describe(name, () => {
    let servers: Awaited<ReturnType<typeof twoServers>>;
    let cutB: (name: string) => Promise<void>;
    beforeAll(async () => {
      const made = await setup();
      cutB = made.cutB;
      servers = await twoServers(made.url, { redisUrl: made.redisUrl });
    });
    afterAll(async () => {
      await servers?.a.close();
      await servers?.b.close();
    });

    it("a change published by one server reaches the other within a second, and not itself", async () => {
      const { a, heard } = servers;
      const before = { ...heard };
      await a.publish();
      await vi.waitFor(() => expect(heard.b).toBe(before.b + 1), { timeout: 1_000, interval: 10 });
      expect(heard.a).toBe(before.a);
    });

    it("a server whose connection is cut reconnects, clears its caches once, and hears changes again", async () => {
      const { a, heard, nameOfB } = servers;
      const before = heard.b;
      await cutB(nameOfB);
      await vi.waitFor(() => expect(heard.b).toBe(before + 1), { timeout: 10_000, interval: 20 });
      // Nothing else arrives: one clearing for the reconnection, not one per attempt.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard.b).toBe(before + 1);
      await a.publish();
      await vi.waitFor(() => expect(heard.b).toBe(before + 2), { timeout: 1_000, interval: 10 });
    });
  });
}

describe.skipIf(!postgresUrl)("content change notifications", () => {
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });
  // A database of its own: NOTIFY reaches every listener of one database, other tests' too.
  const database = async () => {
    const made = await createEmptyPostgresDatabase();
    drops.push(() => made.drop());
    return made.url;
  };

  behavesLikeABus("over PostgreSQL LISTEN/NOTIFY", async () => {
    const url = await database();
    return {
      url,
      cutB: async (name) => {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        const { rows } = await admin.query<{ cut: boolean }>(
          "select pg_terminate_backend(pid) as cut from pg_stat_activity where application_name = $1",
          [name],
        );
        await admin.end();
        expect(rows).toEqual([{ cut: true }]);
      },
    };
  });

  describe.skipIf(!redisUrl)("with Redis", () => {
    behavesLikeABus("over Redis pub/sub", async () => ({
      url: await database(),
      redisUrl,
      cutB: async (name) => {
        const admin = createClient({ url: redisUrl });
        await admin.connect();
        const list = await admin.clientList();
        const ids = list.filter((client) => client.name === name).map((client) => client.id);
        expect(ids).toHaveLength(1);
        await admin.clientKill({ filter: "ID", id: Number(ids[0]) });
        await admin.close();
      },
    }));
  });
});
