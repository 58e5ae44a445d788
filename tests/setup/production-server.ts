import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

import { TEST_BROWSER_PATH } from "./chromium";

/**
 * Browser journeys run against the real thing: the production build (made beforehand by
 * tests/setup/production-build.ts) served by the production entry on a free port, with its
 * own empty DATA_DIR.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(TEST_BROWSER_PATH)) {
    throw new Error(
      `Chromium not found at ${TEST_BROWSER_PATH}: install it with "apt-get install -y chromium chromium-headless-shell" (or set CHROME_PATH).`,
    );
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "studyzed-e2e-"));
  // Journeys check download sizes and sample notes: they start once every sample is made.
  const server = await startProductionServer({ dataDir, waitForSamples: true });
  project.provide("baseUrl", server.url);
  project.provide("dataDir", dataDir);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

export type ProductionServer = {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<number | null>;
};

/**
 * Starts build/server through bin/start.js and waits until /healthz answers, and with
 * `waitForSamples` until the sample files the start leaves for later are made (its log line,
 * so the server logs at info level).
 */
export async function startProductionServer({
  dataDir,
  env = {},
  waitForSamples = false,
  pollMs = 200,
}: {
  dataDir: string;
  env?: Record<string, string>;
  waitForSamples?: boolean;
  /** How often /healthz is asked while the server starts (a bench that times the start asks often). */
  pollMs?: number;
}): Promise<ProductionServer> {
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, ["bin/start.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: waitForSamples ? "info" : "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  // How it ended, for a test's failure message: a signal nobody sent says the process crashed.
  child.once("exit", (code, signal) => (output += `\n[the server exited: ${signal ?? code}]`));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  if (Date.now() >= deadline) throw new Error(`the server did not become healthy:\n${output}`);
  while (waitForSamples && !output.includes('"msg":"catalogue samples made"')) {
    if (Date.now() >= deadline + 120_000 || child.exitCode !== null)
      throw new Error(`the server did not make its sample files:\n${output.slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    process: child,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        // A process killed by a signal has no exit code: it has stopped all the same.
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once("exit", (code) => resolve(code));
        child.kill("SIGTERM");
      }),
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}
