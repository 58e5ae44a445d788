import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";

const secretFromFolder = () => "s".repeat(43);
const KEYS = { S3_ACCESS_KEY_ID: "AKIAEXAMPLE", S3_SECRET_ACCESS_KEY: "very-secret-key" };

const problemOf = (env: Record<string, string>) => {
  try {
    parseConfig(env, secretFromFolder);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("the configuration was accepted");
};

describe("storage settings", () => {
  it("keep files on the local disk when STORAGE_URL is unset or file:", () => {
    expect(parseConfig({}, secretFromFolder).storage).toEqual({ kind: "disk" });
    expect(parseConfig({ STORAGE_URL: "file:" }, secretFromFolder).storage).toEqual({
      kind: "disk",
    });
  });

  it("read an s3:// address with its prefix, endpoint, region and keys", () => {
    const config = parseConfig(
      {
        STORAGE_URL: "s3://studyzed-files/site/files/",
        S3_ENDPOINT: "http://127.0.0.1:9000/",
        S3_REGION: "auto",
        STORAGE_PUBLIC_DOWNLOADS: "redirect",
        ...KEYS,
      },
      secretFromFolder,
    );
    expect(config.storage).toEqual({
      kind: "s3",
      location: {
        bucket: "studyzed-files",
        prefix: "site/files",
        endpoint: "http://127.0.0.1:9000",
        region: "auto",
        accessKeyId: "AKIAEXAMPLE",
        secretAccessKey: "very-secret-key",
      },
      publicDownloads: "redirect",
    });
  });

  it("default to us-east-1, AWS's own addresses and downloads through the server", () => {
    const config = parseConfig({ STORAGE_URL: "s3://studyzed-files", ...KEYS }, secretFromFolder);
    expect(config.storage).toMatchObject({
      location: { prefix: "", endpoint: undefined, region: "us-east-1" },
      publicDownloads: "proxy",
    });
  });

  it("refuse an unknown scheme, a missing bucket or missing keys in one line naming the setting", () => {
    expect(problemOf({ STORAGE_URL: "gs://bucket" })).toBe(
      "Invalid configuration: STORAGE_URL must be file: (the local disk, the default) or s3://bucket/optional/prefix",
    );
    expect(problemOf({ STORAGE_URL: "s3://", ...KEYS })).toMatch(
      /^Invalid configuration: STORAGE_URL must name a bucket/,
    );
    expect(problemOf({ STORAGE_URL: "s3://files", S3_SECRET_ACCESS_KEY: "x" })).toBe(
      "Invalid configuration: S3_ACCESS_KEY_ID must be set when STORAGE_URL is s3://…",
    );
    expect(problemOf({ STORAGE_URL: "s3://files", S3_ACCESS_KEY_ID: "x" })).toBe(
      "Invalid configuration: S3_SECRET_ACCESS_KEY must be set when STORAGE_URL is s3://…",
    );
    expect(problemOf({ STORAGE_PUBLIC_DOWNLOADS: "redirect" })).toMatch(/needs an s3:\/\//);
    expect(problemOf({ STORAGE_PUBLIC_DOWNLOADS: "always" })).toBe(
      "Invalid configuration: STORAGE_PUBLIC_DOWNLOADS must be proxy or redirect",
    );
    expect(problemOf({ STORAGE_URL: "s3://files", S3_ENDPOINT: "ftp://x", ...KEYS })).toMatch(
      /^Invalid configuration: S3_ENDPOINT must be an http\(s\) address/,
    );
  });

  it("never echo a key", () => {
    const message = problemOf({
      STORAGE_URL: "s3://files",
      S3_ENDPOINT: "not a url",
      ...KEYS,
    });
    expect(message).not.toContain(KEYS.S3_SECRET_ACCESS_KEY);
    expect(message).not.toContain(KEYS.S3_ACCESS_KEY_ID);
  });
});
