import type { FileStorage } from "./file-storage.server";
import type { Logger } from "./logger";

/** How long one check of the store answers for: a load balancer asks every few seconds. */
const STORAGE_CHECK_TTL_MS = 5_000;

const recent = new WeakMap<FileStorage, { at: number; up: Promise<boolean> }>();

/**
 * Whether the file store answers, checked at most once per STORAGE_CHECK_TTL_MS per store
 * (requests in between share the check in flight or its result), so health checks never
 * hammer the store. Each check is bounded by the driver (2 s for S3).
 */
export function storageIsUp(
  storage: FileStorage,
  {
    logger,
    now = Date.now(),
    ttlMs = STORAGE_CHECK_TTL_MS,
  }: { logger?: Logger; now?: number; ttlMs?: number } = {},
): Promise<boolean> {
  const last = recent.get(storage);
  if (last && now - last.at < ttlMs) return last.up;
  const up = storage.check().then(
    () => true,
    (error: unknown) => {
      // Logged once per check, not once per health request.
      logger?.error({ err: error }, "health check: file store unreachable");
      return false;
    },
  );
  recent.set(storage, { at: now, up });
  return up;
}
