import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type RunningS3Server } from "#tests/setup/s3-server";
import { ConfigError, parseConfig } from "#server/config";
import { openConfiguredStorage } from "./configured-storage.server";

const secretFromFolder = () => "s".repeat(43);

describe("the file store checked at start", () => {
  let s3: RunningS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3.stop();
  });

  const refusal = async (env: Record<string, string>) => {
    const config = parseConfig({ ...s3.env, ...env }, secretFromFolder);
    const error = await openConfiguredStorage(config).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    // One line, and never a secret.
    expect(message).not.toContain("\n");
    expect(message).not.toContain(s3.secretAccessKey);
    return message;
  };

  it("opens a bucket that answers, and the store then serves what it keeps", async () => {
    const storage = await openConfiguredStorage(parseConfig(s3.env, secretFromFolder));
    const { sha256 } = await storage.save(Buffer.from("checked"));
    expect(await storage.has(sha256)).toBe(true);
  });

  it("refuses a missing bucket, naming STORAGE_URL", async () => {
    expect(await refusal({ STORAGE_URL: "s3://no-such-bucket/site" })).toMatch(
      /^Invalid configuration: STORAGE_URL names the bucket "no-such-bucket"/,
    );
  });

  it("refuses keys the store does not know, naming them", async () => {
    expect(await refusal({ S3_ACCESS_KEY_ID: "WRONGKEY" })).toMatch(
      /^Invalid configuration: S3_ACCESS_KEY_ID or S3_SECRET_ACCESS_KEY was refused/,
    );
  });

  it("refuses an endpoint that does not answer, naming S3_ENDPOINT, within the time limit", async () => {
    const gone = await startS3Server();
    await gone.stop();
    expect(await refusal({ S3_ENDPOINT: gone.endpoint })).toMatch(
      /^Invalid configuration: S3_ENDPOINT http:\/\/127\.0\.0\.1:\d+ could not be reached/,
    );
  });
});
