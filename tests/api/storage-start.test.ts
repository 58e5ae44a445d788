import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type RunningS3Server } from "#tests/setup/s3-server";

/** Runs bin/start.js to its end (the S3 test server answers in this process meanwhile). */
function startAndExit(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["bin/start.js"], {
      env: { ...process.env, PORT: "0", ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => resolve({ code, stderr }));
  });
}

describe("the production server with STORAGE_URL=s3://…", () => {
  let s3: RunningS3Server;
  let dataDir: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = await mkdtemp(path.join(tmpdir(), "studyzed-storage-start-"));
  });
  afterAll(async () => {
    await s3.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("refuses to start on a missing bucket or an endpoint that does not answer, in one line naming the setting", async () => {
    const missing = await startAndExit({
      ...s3.env,
      STORAGE_URL: "s3://no-such-bucket",
      DATA_DIR: dataDir,
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(
      `Invalid configuration: STORAGE_URL names the bucket "no-such-bucket", which ${s3.endpoint} does not have`,
    );

    const gone = await startS3Server();
    await gone.stop();
    const unreachable = await startAndExit({ ...gone.env, DATA_DIR: dataDir });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr.trim()).toMatch(
      /^Invalid configuration: S3_ENDPOINT http:\/\/127\.0\.0\.1:\d+ could not be reached: [^\n]+$/,
    );
  });
});
