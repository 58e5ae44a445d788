import { setTimeout } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { inspectDatabase } from "#tests/setup/database-integrity";
import { startProductionServer, type ProductionServer } from "#tests/setup/production-server";
import { prepareServerDatabase, type ServerDatabase } from "#tests/setup/server-database";
import { DATABASE_KINDS } from "#tests/setup/test-database";

const PASSWORD = "Zambezi-Crash-Test-11";
const KILLS = 10;

/**
 * docs/security.md#reliability: under a burst of registrations the server is killed with
 * SIGKILL ten times at random moments. Every account it answered 201 for must be there
 * afterwards, able to log in, and the database must open cleanly and pass amcheck.
 *
 * How many registrations a round confirms depends on how busy the machine is; what the
 * test needs is that none of them is lost. So each round waits for its first confirmed
 * registration (however long that takes) before the random moment of the kill.
 */
describe.each(DATABASE_KINDS)("a server killed mid-write on %s", (kind) => {
  let database: ServerDatabase | undefined;
  afterAll(async () => {
    await database?.destroy();
  });

  it("keeps every account it confirmed, in a database that opens cleanly", async () => {
    database = await prepareServerDatabase(kind, "crash");
    const { dataDir, env, target } = database;
    const confirmed: string[] = [];
    let counter = 0;
    for (let kill = 0; kill < KILLS; kill++) {
      const server = await startProductionServer({ dataDir, env });
      let stopping = false;
      const student = async () => {
        while (!stopping) {
          const username = `crash${counter++}`;
          const status = await register(server, username, counter).catch(() => 0);
          // 0: the server died mid-request, so this account was never confirmed.
          if (status === 201) confirmed.push(username);
        }
      };
      const students = Array.from({ length: 20 }, student);
      const confirmedBefore = confirmed.length;
      while (confirmed.length === confirmedBefore) await setTimeout(20);
      await setTimeout(Math.random() * 900);
      server.process.kill("SIGKILL");
      await new Promise((resolve) => server.process.once("exit", resolve));
      stopping = true;
      await Promise.allSettled(students);
    }
    expect(confirmed.length).toBeGreaterThanOrEqual(KILLS);

    // Started again on the same data: it opens, and confirmed accounts can log in.
    const server = await startProductionServer({ dataDir, env });
    try {
      for (const username of confirmed.filter(
        (_, index) => index % Math.ceil(confirmed.length / 10) === 0,
      )) {
        expect(await logIn(server, username), username).toBe(200);
      }
    } finally {
      expect(await server.stop(), server.output()).toBe(0);
    }

    const inspection = await inspectDatabase(target);
    expect(confirmed.filter((username) => !inspection.usernames.has(username))).toEqual([]);
    expect(inspection.brokenIndexes).toEqual([]);
    expect(inspection.halfWrittenAccounts).toBe(0);
  }, 180_000);
});

async function register(
  server: ProductionServer,
  username: string,
  client: number,
): Promise<number> {
  const response = await fetch(`${server.url}/register/`, {
    method: "POST",
    // One address per student, as behind the site's proxy, so the registration limit stays out of the way.
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `10.7.${(client >> 8) & 255}.${client & 255}`,
    },
    body: JSON.stringify({
      first_name: "Crash",
      last_name: "Test",
      username,
      email: "",
      password: PASSWORD,
    }),
  });
  await response.arrayBuffer();
  return response.status;
}

async function logIn(server: ProductionServer, username: string): Promise<number> {
  const response = await fetch(`${server.url}/api/token/`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "10.6.0.1" },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  await response.arrayBuffer();
  return response.status;
}
