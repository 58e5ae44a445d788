import { randomBytes } from "node:crypto";
import { accessSync, constants, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseStorageConfig } from "#app/lib/storage-config.server";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const PORT_RANGE = "must be a whole number from 0 to 65535";
const NOT_EMPTY = "must not be empty";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: PORT_RANGE })
    .int(PORT_RANGE)
    .min(0, PORT_RANGE)
    .max(65535, PORT_RANGE)
    .default(3000),
  HOST: z.string().min(1, NOT_EMPTY).default("127.0.0.1"),
  SITE_NAME: z
    .string()
    .trim()
    .min(1, NOT_EMPTY)
    .max(60, "must be at most 60 characters")
    .default("StudyZed"),
  SITE_URL: z
    .url({
      protocol: /^https?$/,
      error: "must be an absolute http(s) address, like https://studyzed.example",
    })
    .optional(),
  DATA_DIR: z.string().min(1, NOT_EMPTY).default("./data"),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// address" })
    .optional(),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters of random text").optional(),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` })
    .default("info"),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// address" })
    .optional(),
  // Express's "trust proxy", never true (docs/security.md#login-and-registration-limits).
  TRUST_PROXY: z
    .string()
    .refine(
      (value) => value !== "true",
      "must not be true, which lets any client choose its own address (the first " +
        "X-Forwarded-For entry, which the client writes); give the number of proxies in " +
        "front of the server (for example 1) or loopback",
    )
    // More than a few proxies is a mistake: each one trusted lets a client name its address.
    .regex(/^(false|loopback|[0-5])$/, "must be false, loopback or a number of proxies from 0 to 5")
    .default("false")
    .transform((value): false | number | "loopback" =>
      value === "false" ? false : value === "loopback" ? value : Number(value),
    ),
});

/** Never echoed in an error: a database URL may hold a password. */
const SECRET_VARIABLES = new Set([
  "JWT_SECRET",
  "DATABASE_URL",
  "REDIS_URL",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
]);

export type Config = ReturnType<typeof parseConfig>;

/** A configuration problem, worded as the one line a person starting the server reads. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Pure but for the JWT secret, generated once into DATA_DIR when not given. */
export function parseConfig(
  env: Record<string, string | undefined>,
  loadJwtSecret: (dataDir: string) => string = readOrCreateJwtSecret,
) {
  // An empty variable (PORT=) means "not set", as in most shells' .env files.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const given = SECRET_VARIABLES.has(name) ? undefined : env[name];
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message}${given === undefined ? "" : ` (got "${given}")`}`,
    );
  }
  const parsed = result.data;
  // Servers sharing one PostgreSQL must share one secret; one per folder would split them.
  if (parsed.NODE_ENV === "production" && parsed.DATABASE_URL && !parsed.JWT_SECRET)
    throw new ConfigError(
      "Invalid configuration: JWT_SECRET must be set in production when DATABASE_URL is used",
    );
  const storage = parseStorageConfig(present);
  if ("problem" in storage) throw new ConfigError(`Invalid configuration: ${storage.problem}`);
  const dataDir = path.resolve(parsed.DATA_DIR);
  // With PostgreSQL, files in S3 and a given secret, the server keeps nothing in DATA_DIR,
  // and a deployment need not have one (docs/deploy.md).
  const usesDataDir = !parsed.DATABASE_URL || storage.kind === "disk" || !parsed.JWT_SECRET;
  return {
    env: parsed.NODE_ENV,
    port: parsed.PORT,
    host: parsed.HOST,
    siteName: parsed.SITE_NAME,
    siteUrl: (parsed.SITE_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ""),
    dataDir,
    usesDataDir,
    databaseUrl: parsed.DATABASE_URL,
    jwtSecret: parsed.JWT_SECRET ?? loadJwtSecret(dataDir),
    logLevel: parsed.LOG_LEVEL,
    redisUrl: parsed.REDIS_URL,
    trustProxy: parsed.TRUST_PROXY,
    storage,
  };
}

/** Makes DATA_DIR when missing; a folder that cannot be made or written is refused in one line. */
export function prepareDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration: DATA_DIR ${dataDir} cannot be written (${(error as NodeJS.ErrnoException).code ?? "error"})`,
    );
  }
}

function readOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, "jwt-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length < 32)
      throw new ConfigError(
        `Invalid configuration: ${file} holds fewer than 32 characters; delete it to generate a new secret`,
      );
    return existing;
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT")
      throw new ConfigError(`Invalid configuration: DATA_DIR ${dataDir} cannot be read (${code})`);
  }
  prepareDataDir(dataDir);
  const secret = randomBytes(32).toString("base64url");
  // "wx": never over a secret another start wrote a moment ago.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readOrCreateJwtSecret(dataDir);
    throw error;
  }
}
