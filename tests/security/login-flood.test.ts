import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createClient } from "redis";
import { logIn as signIn } from "#app/features/accounts/sign-in.server";
import {
  databaseRateLimiter,
  memoryRateLimiter,
  redisRateLimiter,
  type RateLimiter,
} from "#app/lib/rate-limiter.server";
import { createLogger } from "#server/logger";
import { createTestUser, TEST_PASSWORD } from "#tests/setup/accounts";
import type { RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";

/**
 * Floods of logins, as one client with accounts of its own would send them, while other
 * students sign in. Before: on PostgreSQL without Redis the counters deadlocked and answered
 * 500; right passwords were never counted, so 50 at a time filled the password-hash queue
 * and other students were told "Many students are signing in right now"; and a class of 60
 * pressing Register in the same second got 25 of those answers.
 */
const FLOOD_ADDRESS = "41.72.9.9";
const BUSY = "Many students are signing in right now";
const AT_ONCE = 50;
const FLOOD_MS = 4_000;
// The counters' clock stands still at the moment this file starts, whatever the date: no flood
// straddles two windows however slow the machine, and Redis and the database count from today.
const frozenAt = Date.now();

// Each database with its own counters (in memory on PGlite), and PostgreSQL with Redis's.
const SITES = [
  ...DATABASE_KINDS.map((kind) => [kind, "own"] as const),
  ...(process.env.TEST_REDIS_URL && DATABASE_KINDS.includes("postgres")
    ? [["postgres", "Redis"] as const]
    : []),
];

describe.each(SITES)(
  "login floods on %s, counters in the %s store",
  { timeout: 180_000 },
  (kind, store) => {
    let database: TestDatabase;
    let server: RunningServer;
    let limiter: RateLimiter;
    const errorLines: string[] = [];
    beforeAll(async () => {
      database = await createTestDatabase(kind);
      const logger = createLogger({
        level: "error",
        destination: new Writable({
          write: (chunk, _encoding, done) => (errorLines.push(String(chunk)), done()),
        }),
      });
      const now = () => frozenAt;
      limiter =
        store === "Redis"
          ? await (async () => {
              const client = createClient({ url: process.env.TEST_REDIS_URL });
              await client.connect();
              return redisRateLimiter({ client, logger, now, keyPrefix: `flood:${Math.random()}` });
            })()
          : kind === "postgres"
            ? databaseRateLimiter({ db: database.db, logger, now })
            : memoryRateLimiter({ now });
      server = await serveSite({
        database,
        config: { trustProxy: 1 },
        logger,
        rateLimiter: limiter,
      });
    });
    afterAll(async () => {
      await server.close();
      await limiter.close();
      await database.destroy();
    });

    let nextName = 0;
    async function students(count: number) {
      const names = Array.from({ length: count }, () => `flood${kind}${store}${nextName++}`);
      for (const name of names) await createTestUser(database.db, name);
      return names;
    }
    const post = (path: string, from: string, body: object) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": from },
        body: JSON.stringify(body),
      });
    const logIn = async (username: string, from: string, password = TEST_PASSWORD) => {
      const response = await post("/api/token/", from, { username, password });
      return { status: response.status, text: await response.text() };
    };

    /** `AT_ONCE` requests in flight from one address until the flood's time is up. */
    async function flood(send: (round: number) => Promise<{ status: number }>) {
      const statuses = new Map<number, number>();
      const until = Date.now() + FLOOD_MS;
      await Promise.all(
        Array.from({ length: AT_ONCE }, async (_, lane) => {
          for (let round = lane; Date.now() < until; round += AT_ONCE) {
            const { status } = await send(round);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
        }),
      );
      return statuses;
    }

    /**
     * Other students, each from an address of their own, log in while `during` runs, each
     * at most 15 times: within their own limit of right passwords (login-limits.ts).
     */
    async function othersDuring(during: Promise<unknown>, names: string[]) {
      const answers: { status: number; text: string }[] = [];
      let running = true;
      void during.finally(() => (running = false));
      for (let turn = 0; (running || turn === 0) && turn < names.length * 15; turn++) {
        const name = names[turn % names.length]!;
        answers.push(await logIn(name, `10.9.${turn % 250}.${1 + (turn % 7)}`));
      }
      return answers;
    }

    it("wrong passwords at one account: no 500, no deadlock, and other students sign in", async () => {
      const [target] = await students(1);
      const others = await students(5);
      const flooded = flood((round) => logIn(target!, FLOOD_ADDRESS, `wrong-${round}`));
      const answers = await othersDuring(flooded, others);
      const statuses = await flooded;
      expect([...statuses.keys()].sort()).toEqual([401, 429]);
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      expect(errorLines.filter((line) => /deadlock|"level":50/.test(line))).toEqual([]);
    });

    it("right passwords from one address with five accounts: nobody else is told it is busy", async () => {
      const own = await students(5);
      const others = await students(10);
      const flooded = flood((round) => logIn(own[round % own.length]!, FLOOD_ADDRESS));
      const answers = await othersDuring(flooded, others);
      const statuses = await flooded;
      expect(answers.filter((answer) => answer.text.includes(BUSY))).toEqual([]);
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      // Each of the flood's accounts signed in at most its limit, then was refused unhashed.
      expect(statuses.get(200)).toBeLessThanOrEqual(5 * 20);
      expect([...statuses.keys()].filter((status) => status !== 200 && status !== 429)).toEqual([]);
    });

    it("a class of 60 behind one address registers and logs in, all in the same second", async () => {
      const school = "41.63.9.2";
      const names = Array.from({ length: 60 }, (_, seat) => `class${kind}${store}${seat}`);
      const registered = await Promise.all(
        names.map((username) =>
          post("/register/", school, {
            first_name: "Pupil",
            last_name: "Grade Eleven",
            username,
            email: "",
            password: TEST_PASSWORD,
          }).then((response) => response.status),
        ),
      );
      expect(registered).toEqual(names.map(() => 201));
      const loggedIn = await Promise.all(names.map((name) => logIn(name, school)));
      expect(loggedIn.map((answer) => answer.status)).toEqual(names.map(() => 200));
    });
  },
);

describe.each(DATABASE_KINDS)("one address's logins on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  it("go ahead two at a time, while another address's login goes straight through", async () => {
    const own = Array.from({ length: 10 }, (_, n) => `turns${kind}${n}`);
    for (const name of [...own, `turns${kind}other`]) await createTestUser(database.db, name);
    const services = {
      db: database.db,
      limiter: memoryRateLimiter({ now: () => frozenAt }),
      logger: createLogger({ level: "silent" }),
      jwtSecret: "login-turns-test-secret-0123456789abcdef",
      password: TEST_PASSWORD,
    };
    // The flood's password checks hold until the test lets them go.
    let checking = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const heldCheck = async () => {
      checking++;
      await released;
      return true;
    };
    const flooding = own.map((username) =>
      signIn({ ...services, username, client: FLOOD_ADDRESS, verify: heldCheck }),
    );
    await vi.waitFor(() => expect(checking).toBe(2));
    const other = await signIn({
      ...services,
      username: `turns${kind}other`,
      client: "10.9.0.1",
      verify: () => Promise.resolve(true),
    });
    expect(other.outcome).toBe("signed-in");
    expect(checking).toBe(2);
    release();
    const outcomes = await Promise.all(flooding);
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(own.map(() => "signed-in"));
    expect(checking).toBe(own.length);
  });
});
