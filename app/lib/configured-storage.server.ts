import { ConfigError, type Config } from "#server/config";
import { filesDir, localDiskStorage, StorageUnavailableError } from "./file-storage.server";
import { S3ResponseError, s3Requests, s3Storage } from "./s3-storage.server";
import type { S3Location } from "./storage-config.server";

const START_CHECK_TIMEOUT_MS = 5_000;

// An unusable store stops the start, naming the setting (docs/security.md#object-storage).
export async function openConfiguredStorage(config: Pick<Config, "dataDir" | "storage">) {
  if (config.storage.kind === "disk") return localDiskStorage(filesDir(config.dataDir));
  const { location, publicDownloads } = config.storage;
  try {
    await s3Requests(location).headBucket(START_CHECK_TIMEOUT_MS);
  } catch (error) {
    if (StorageUnavailableError.is(error))
      throw new ConfigError(`Invalid configuration: ${startProblem(location, error)}`);
    throw error;
  }
  return s3Storage(location, { redirectDownloads: publicDownloads === "redirect" });
}

function startProblem(location: S3Location, error: StorageUnavailableError): string {
  const where = location.endpoint ?? `AWS S3 in ${location.region}`;
  if (!(error instanceof S3ResponseError))
    return location.endpoint
      ? `S3_ENDPOINT ${location.endpoint} could not be reached: ${error.message}`
      : `the S3 store (${where}) could not be reached: ${error.message}`;
  switch (error.status) {
    case 404:
      return `STORAGE_URL names the bucket "${location.bucket}", which ${where} does not have`;
    case 401:
    case 403:
      return `S3_ACCESS_KEY_ID or S3_SECRET_ACCESS_KEY was refused by ${where} (HTTP ${error.status})`;
    case 301:
    case 400:
      return `S3_REGION ${location.region} is not the region of the bucket "${location.bucket}" (HTTP ${error.status})`;
    default:
      return `STORAGE_URL: ${where} returned HTTP ${error.status} when the bucket was checked`;
  }
}
