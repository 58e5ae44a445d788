import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";

const secretFromFolder = () => "s".repeat(43);

describe("parseConfig", () => {
  it("starts with the documented defaults on an empty environment", () => {
    const config = parseConfig({}, secretFromFolder);
    expect(config).toMatchObject({
      env: "development",
      port: 3000,
      host: "127.0.0.1",
      siteName: "StudyZed",
      siteUrl: "http://localhost:3000",
      databaseUrl: undefined,
      logLevel: "info",
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.jwtSecret).toBe("s".repeat(43));
  });

  it("derives the site URL from PORT and drops a trailing slash from SITE_URL", () => {
    expect(parseConfig({ PORT: "8080" }, secretFromFolder).siteUrl).toBe("http://localhost:8080");
    expect(parseConfig({ SITE_URL: "https://studyzed.example/" }, secretFromFolder).siteUrl).toBe(
      "https://studyzed.example",
    );
  });

  it("uses DATA_DIR only for what a deployment keeps there", () => {
    const shared = {
      DATABASE_URL: "postgres://studyzed@postgres/studyzed",
      JWT_SECRET: "x".repeat(40),
      STORAGE_URL: "s3://studyzed-files/site",
      S3_ENDPOINT: "http://minio:9000",
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(parseConfig(shared, secretFromFolder).usesDataDir).toBe(false);
    expect(parseConfig({ ...shared, STORAGE_URL: "" }, secretFromFolder).usesDataDir).toBe(true);
    expect(parseConfig({ ...shared, JWT_SECRET: "" }, secretFromFolder).usesDataDir).toBe(true);
    expect(parseConfig({ ...shared, DATABASE_URL: "" }, secretFromFolder).usesDataDir).toBe(true);
  });

  it("treats an empty variable as unset", () => {
    expect(parseConfig({ PORT: "", DATABASE_URL: "" }, secretFromFolder)).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it("uses a given JWT_SECRET instead of the folder's", () => {
    const secret = "x".repeat(40);
    expect(
      parseConfig({ JWT_SECRET: secret }, () => {
        throw new Error("must not be called");
      }).jwtSecret,
    ).toBe(secret);
  });

  it.each([
    [
      { PORT: "abc" },
      'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "abc")',
    ],
    [
      { PORT: "70000" },
      'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "70000")',
    ],
    [
      { SITE_URL: "studyzed.example" },
      "Invalid configuration: SITE_URL must be an absolute http(s) address",
    ],
    [
      { DATABASE_URL: "mysql://localhost/db" },
      "Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// address",
    ],
    [
      { JWT_SECRET: "short" },
      "Invalid configuration: JWT_SECRET must be at least 32 characters of random text",
    ],
    [{ LOG_LEVEL: "loud" }, "Invalid configuration: LOG_LEVEL must be one of"],
    [
      { TRUST_PROXY: "true" },
      "Invalid configuration: TRUST_PROXY must not be true, which lets any client choose its own address",
    ],
    [
      { TRUST_PROXY: "yes" },
      "Invalid configuration: TRUST_PROXY must be false, loopback or a number",
    ],
    [
      { TRUST_PROXY: "99" },
      "Invalid configuration: TRUST_PROXY must be false, loopback or a number of proxies from 0 to 5",
    ],
  ])("stops on a bad value with one line naming it: %o", (env, message) => {
    let thrown: unknown;
    try {
      parseConfig(env, secretFromFolder);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as Error).message.startsWith(message)).toBe(true);
    expect((thrown as Error).message).not.toContain("\n");
  });

  it.each([
    ["JWT_SECRET", "my-short-secret"],
    ["DATABASE_URL", "mysql://admin:hunter2@db.example/studyzed"],
  ])("never echoes a rejected %s, which may hold a secret", (name, value) => {
    expect(() => parseConfig({ [name]: value }, secretFromFolder)).toThrow(ConfigError);
    try {
      parseConfig({ [name]: value }, secretFromFolder);
    } catch (error) {
      expect((error as Error).message).toContain(name);
      expect((error as Error).message).not.toContain(value);
    }
  });

  it("takes the number of proxies in front, or loopback, for the client's address", () => {
    expect(parseConfig({}, secretFromFolder).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "1" }, secretFromFolder).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "loopback" }, secretFromFolder).trustProxy).toBe("loopback");
  });

  it("refuses production on PostgreSQL without JWT_SECRET", () => {
    expect(() =>
      parseConfig(
        { NODE_ENV: "production", DATABASE_URL: "postgres://db.example/studyzed" },
        secretFromFolder,
      ),
    ).toThrow("JWT_SECRET must be set in production when DATABASE_URL is used");
    expect(parseConfig({ NODE_ENV: "production" }, secretFromFolder).env).toBe("production");
  });
});
