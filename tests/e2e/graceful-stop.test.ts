import { once } from "node:events";
import { existsSync } from "node:fs";
import { connect, type Socket } from "node:net";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { inspectDatabase } from "#tests/setup/database-integrity";
import { startProductionServer } from "#tests/setup/production-server";
import { prepareServerDatabase, type ServerDatabase } from "#tests/setup/server-database";
import { DATABASE_KINDS } from "#tests/setup/test-database";

/**
 * docs/security.md#reliability: on SIGTERM the server stops taking connections, answers
 * the requests already in flight (a registration among them, committed before its 201),
 * closes the database and exits 0.
 */
describe.each(DATABASE_KINDS)("SIGTERM on %s", (kind) => {
  let database: ServerDatabase | undefined;
  afterAll(async () => {
    await database?.destroy();
  });

  it("stops accepting, finishes what is in flight, closes the database and exits 0", async () => {
    database = await prepareServerDatabase(kind, "graceful");
    const server = await startProductionServer({
      dataDir: database.dataDir,
      env: { ...database.env, LOG_LEVEL: "info" },
    });
    const { port } = new URL(server.url);

    // Two requests in flight when the signal comes: a page whose headers are still arriving,
    // and a registration whose body is half sent.
    const page = await openSocket(Number(port));
    page.write("GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    const body = JSON.stringify({
      first_name: "Late",
      last_name: "Comer",
      username: "sigterm_student",
      email: "",
      password: "Kafue-Bridge-At-Dusk-7",
    });
    const registration = await openSocket(Number(port));
    registration.write(
      `POST /register/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
    );
    registration.write(body.slice(0, 20));
    await setTimeout(200);

    const exitCode = server.stop();
    await setTimeout(300);
    await expect(
      fetch(`${server.url}/healthz`),
      "a new connection after SIGTERM",
    ).rejects.toThrow();

    const pageAnswer = answerOf(page);
    page.write("Connection: close\r\n\r\n");
    const registrationAnswer = answerOf(registration);
    registration.write(body.slice(20));
    expect(await pageAnswer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(await registrationAnswer).toMatch(/^HTTP\/1\.1 201 Created/);

    expect(await exitCode).toBe(0);
    expect(server.output()).toContain("stopped: every request answered, database closed");
    if (kind === "pglite")
      expect(
        existsSync(path.join(database.dataDir, "pglite.lock")),
        "the embedded database's lock",
      ).toBe(false);
    const inspection = await inspectDatabase(database.target);
    expect(inspection.usernames.has("sigterm_student")).toBe(true);
    expect(inspection.brokenIndexes).toEqual([]);
  }, 60_000);
});

async function openSocket(port: number): Promise<Socket> {
  const socket = connect(port, "127.0.0.1");
  await once(socket, "connect");
  return socket;
}

/** Everything the server sends on this socket until it closes it. */
async function answerOf(socket: Socket): Promise<string> {
  let answer = "";
  socket.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")));
  await once(socket, "close");
  return answer;
}
