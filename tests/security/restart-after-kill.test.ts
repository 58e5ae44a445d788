import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startProductionServer } from "#tests/setup/production-server";

const processState = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  } catch {
    return "gone";
  }
};

/**
 * A server killed outright whose parent has not reaped it yet (a zombie: a supervisor that is
 * slow, or busy) still answers signals. The next start must take over its DATA_DIR.
 */
describe.skipIf(process.platform !== "linux")("a restart after SIGKILL", () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("starts while the killed server is still a zombie", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "studyzed-zombie-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    // The shell starts the server, then becomes `sleep`, which never reaps it.
    const parent = spawn(
      "sh",
      ["-c", "node bin/start.js >/dev/null 2>&1 & echo $!; exec sleep 300"],
      {
        env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir },
        stdio: ["ignore", "pipe", "ignore"],
      },
    );
    cleanups.push(() => Promise.resolve(parent.kill("SIGKILL")));
    const pid = Number(
      await new Promise<string>((resolve) =>
        parent.stdout.once("data", (chunk) => resolve(String(chunk))),
      ),
    );
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/healthz`).then(
            (r) => r.status,
            () => 0,
          ),
        {
          timeout: 60_000,
          interval: 200,
        },
      )
      .toBe(200);
    process.kill(pid, "SIGKILL");
    await expect.poll(() => processState(pid), { timeout: 10_000 }).toBe("Z");

    const restarted = await startProductionServer({ dataDir });
    cleanups.push(() => restarted.stop());
    expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200);
    expect(processState(pid)).toBe("Z");

    // A second server on the folder while one runs is refused in one line.
    const second = spawn(process.execPath, ["bin/start.js"], {
      env: { ...process.env, NODE_ENV: "production", PORT: "0", DATA_DIR: dataDir },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    second.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await new Promise((resolve) => second.on("exit", resolve))).toBe(1);
    expect(stderr.trim()).toMatch(
      /^Cannot start: \S+ is in use by the StudyZed server \(process \d+\); the embedded database allows one process at a time\.$/,
    );
  }, 120_000);
});
