import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { connect } from "node:net";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProductionServer } from "../setup/production-server";

describe("the production server process", () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "studyzed-lifecycle-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("creates DATA_DIR with the embedded database and a private JWT secret on first start", async () => {
    const folder = path.join(dataDir, "fresh", "data");
    const server = await startProductionServer({ dataDir: folder });
    try {
      expect(existsSync(path.join(folder, "pglite"))).toBe(true);
      const secret = (await readFile(path.join(folder, "jwt-secret"), "utf8")).trim();
      expect(secret.length).toBeGreaterThanOrEqual(32);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it("finishes a request in flight, then exits cleanly on SIGTERM", async () => {
    const server = await startProductionServer({ dataDir: path.join(dataDir, "graceful") });
    const { port } = new URL(server.url);
    // A request whose headers are still arriving when SIGTERM comes is in flight: it must
    // be answered in full before the process exits.
    const socket = connect(Number(port), "127.0.0.1");
    await once(socket, "connect");
    socket.write("GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    await setTimeout(200);
    const exitCode = server.stop();
    await setTimeout(200);
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    socket.write("Connection: close\r\n\r\n");
    await once(socket, "close");
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(await exitCode).toBe(0);
  });

  it("keeps every account it answered 201 for, through repeated SIGKILLs under load (SECURITY.md RL-2)", async () => {
    const folder = path.join(dataDir, "crash");
    const created: string[] = [];
    let counter = 0;
    for (let round = 0; round < 3; round++) {
      const server = await startProductionServer({ dataDir: folder, env: { TRUST_PROXY: "true" } });
      let stopping = false;
      const worker = async () => {
        while (!stopping) {
          const username = `crash${counter++}`;
          try {
            const response = await fetch(`${server.url}/register/`, {
              method: "POST",
              headers: { "content-type": "application/json", "x-forwarded-for": `10.7.${counter % 250}.${Math.floor(counter / 250) % 250}` },
              body: JSON.stringify({ first_name: "Crash", last_name: "Test", username, email: "", password: "Zambezi-Crash-Test-11" }),
            });
            if (response.status === 201) created.push(username);
          } catch {
            // The server was killed mid-request: that account was never confirmed.
          }
        }
      };
      const workers = Array.from({ length: 20 }, worker);
      await setTimeout(700 + Math.random() * 800);
      server.process.kill("SIGKILL");
      stopping = true;
      await Promise.allSettled(workers);
    }
    expect(created.length).toBeGreaterThan(20);
    const server = await startProductionServer({ dataDir: folder, env: { TRUST_PROXY: "true" } });
    try {
      const lost: string[] = [];
      for (const username of created) {
        const response = await fetch(`${server.url}/api/token/`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": "10.6.0.1" },
          body: JSON.stringify({ username, password: "Zambezi-Crash-Test-11" }),
        });
        if (response.status !== 200) lost.push(username);
      }
      expect(lost).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 90_000);

  it("refuses to start on a bad setting, with one line naming it", () => {
    const result = spawnSync(process.execPath, ["bin/start.js"], {
      env: { ...process.env, PORT: "not-a-port", DATA_DIR: path.join(dataDir, "unused") },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid configuration: PORT must be a whole number from 0 to 65535 (got "not-a-port")');
  });
});
