import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProductionServer } from "#tests/setup/production-server";
import { startS3Server } from "#tests/setup/s3-server";
import { prepareServerDatabase } from "#tests/setup/server-database";

/**
 * docs/deploy.md: the image has no data folder and runs as a user who cannot make one. Here a
 * file stands where DATA_DIR's parent would be, so no one (root included) can make it.
 */
let scratch: string;
let dataDir: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "studyzed-deploy-"));
  await writeFile(path.join(scratch, "not-a-folder"), "");
  dataDir = path.join(scratch, "not-a-folder", "data");
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe.skipIf(!process.env.TEST_DATABASE_URL)("compose.yaml's settings", () => {
  it("start the server with no data folder, and it writes nothing there", async () => {
    const store = await startS3Server();
    const database = await prepareServerDatabase("postgres", "deploy");
    try {
      const server = await startProductionServer({
        dataDir,
        env: {
          ...database.env,
          ...store.env,
          ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
          SITE_URL: "https://studyzed.example",
          STORAGE_PUBLIC_DOWNLOADS: "proxy",
        },
      });
      try {
        expect((await fetch(`${server.url}/`)).status).toBe(200);
      } finally {
        expect(await server.stop()).toBe(0);
      }
      expect(server.output()).not.toMatch(/"level":(50|60)/);
      expect(await readdir(scratch)).toEqual(["not-a-folder"]);
    } finally {
      await database.destroy();
      await store.stop();
    }
  }, 120_000);
});

describe("a DATA_DIR the embedded database cannot use", () => {
  it("stops the start with one line naming DATA_DIR", async () => {
    const child = spawn(process.execPath, ["bin/start.js"], {
      env: { ...process.env, PORT: "0", DATA_DIR: dataDir, DATABASE_URL: "", JWT_SECRET: "" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `Invalid configuration: DATA_DIR ${dataDir} cannot be read (ENOTDIR)`,
    );
  });
});

describe("deploy/nginx.conf", () => {
  it("drops a request for any name but the site's before it reaches an app server", async () => {
    const blocks = (await readFile("deploy/nginx.conf", "utf8")).split(/^server \{/m);
    const fallback = blocks.find((block) => block.includes("default_server"));
    expect(fallback).toMatch(/listen 443 ssl[^;]*default_server;/);
    expect(fallback).toMatch(/listen 80 default_server;/);
    expect(fallback).toMatch(/return 444;/);
    expect(fallback).not.toMatch(/proxy_pass/);
  });
});
