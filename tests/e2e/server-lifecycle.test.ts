import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProductionServer } from "#tests/setup/production-server";

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
      expect(await server.stop(), server.output()).toBe(0);
    }
  });

  it("starts fresh from the build's prepared database, and a restart prepares nothing", async () => {
    // docs/decisions/0057-start-within-a-second.md
    expect(existsSync("build/pglite-template.tar.gz")).toBe(true);
    const folder = path.join(dataDir, "from-template");
    for (const start of ["fresh", "restart"]) {
      const server = await startProductionServer({ dataDir: folder, env: { LOG_LEVEL: "info" } });
      try {
        // The log reaches the pipe a little after /healthz may answer.
        await expect
          .poll(() => /"msg":"database ready[^"]*"/.exec(server.output())?.[0], { timeout: 10_000 })
          .toBe('"msg":"database ready, unchanged"');
        const list = (await (await fetch(`${server.url}/List/`)).json()) as unknown[];
        expect(list.length, start).toBeGreaterThan(0);
        // The sample behind a download is made when it is first asked for, or in the background.
        const download = await fetch(`${server.url}/download/mathematics-indices`);
        expect(download.status, start).toBe(200);
        expect(
          Buffer.from(await download.arrayBuffer())
            .subarray(0, 5)
            .toString(),
        ).toBe("%PDF-");
        // Stopped while its background pass may still be making samples: it ends that pass first.
        expect(await server.stop(), server.output()).toBe(0);
      } finally {
        await server.stop();
      }
    }
  });

  it("refuses to start on a bad setting, with one line naming it", () => {
    const result = spawnSync(process.execPath, ["bin/start.js"], {
      env: { ...process.env, PORT: "not-a-port", DATA_DIR: path.join(dataDir, "unused") },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "not-a-port")',
    );
  });
});
