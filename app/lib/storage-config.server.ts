import { z } from "zod";

const StorageEnvSchema = z.object({
  STORAGE_URL: z
    .string()
    .regex(
      /^(file:.*|s3:\/\/.*)$/,
      "must be file: (the local disk, the default) or s3://bucket/optional/prefix",
    )
    .optional(),
  S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error: "must be an http(s) address, like https://ACCOUNT.r2.cloudflarestorage.com",
    })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, "must be a region name, like us-east-1 or auto")
    .default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  STORAGE_PUBLIC_DOWNLOADS: z
    .enum(["proxy", "redirect"], { error: "must be proxy or redirect" })
    .default("proxy"),
});

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

// A problem names the setting, never its value (docs/security.md#object-storage).
export function parseStorageConfig(env: Record<string, string | undefined>) {
  const result = StorageEnvSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    return { problem: `${String(issue.path[0])} ${issue.message}` };
  }
  const parsed = result.data;
  if (!parsed.STORAGE_URL?.startsWith("s3://")) {
    if (parsed.STORAGE_PUBLIC_DOWNLOADS === "redirect")
      return { problem: "STORAGE_PUBLIC_DOWNLOADS=redirect needs an s3:// STORAGE_URL" };
    return { kind: "disk" as const };
  }
  const [bucket = "", ...prefix] = parsed.STORAGE_URL.slice("s3://".length).split("/");
  if (!BUCKET.test(bucket))
    return {
      problem:
        "STORAGE_URL must name a bucket of 3 to 63 lower-case letters, digits, dots or " +
        "hyphens, like s3://studyzed-files/site",
    };
  for (const name of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
    if (!parsed[name]) return { problem: `${name} must be set when STORAGE_URL is s3://…` };
  }
  return {
    kind: "s3" as const,
    location: {
      bucket,
      prefix: prefix.filter(Boolean).join("/"),
      endpoint: parsed.S3_ENDPOINT?.replace(/\/+$/, ""),
      region: parsed.S3_REGION,
      accessKeyId: parsed.S3_ACCESS_KEY_ID!,
      secretAccessKey: parsed.S3_SECRET_ACCESS_KEY!,
    },
    publicDownloads: parsed.STORAGE_PUBLIC_DOWNLOADS,
  };
}

type StorageConfig = Exclude<ReturnType<typeof parseStorageConfig>, { problem: string }>;
export type S3Location = Extract<StorageConfig, { kind: "s3" }>["location"];
