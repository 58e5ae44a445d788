import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
// s3rver ships no types; the little used here is typed below (docs/decisions/0051-s3-test-server.md).
// @ts-expect-error -- no declaration file
import S3rver from "s3rver";

type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };

export type RunningS3Server = {
  /** http://127.0.0.1:PORT, for S3_ENDPOINT. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The variables that point a StudyZed server at this store (prefix "studyzed"). */
  env: Record<string, string>;
  stop(): Promise<void>;
};

/**
 * An S3-protocol server on 127.0.0.1 with one empty bucket, its objects in a temporary
 * folder removed by stop(). Usable from a vitest test and from a bench script alike.
 * s3rver accepts the access key "S3RVER" only (an unknown key is refused, as by S3) and
 * does not check signatures.
 */
export async function startS3Server({
  bucket = "studyzed-test",
  port = 0,
}: { bucket?: string; port?: number } = {}): Promise<RunningS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "studyzed-s3-"));
  const server = new (S3rver as new (options: object) => S3rverInstance)({
    address: "127.0.0.1",
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const accessKeyId = "S3RVER";
  const secretAccessKey = "S3RVER";
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: {
      STORAGE_URL: `s3://${bucket}/studyzed`,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    },
    async stop() {
      await server.close().catch(() => {});
      await rm(directory, { recursive: true, force: true });
    },
  };
}
