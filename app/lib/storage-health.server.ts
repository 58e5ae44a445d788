import type { FileStorage } from "./file-storage.server";
import type { Logger } from "./logger";

// A load balancer asks every few seconds: one check serves them all for this long.
const STORAGE_CHECK_TTL_MS = 5_000;

const recent = new WeakMap<FileStorage, { at: number; up: Promise<boolean> }>();

export function storageIsUp(
  storage: FileStorage,
  { logger, now = Date.now() }: { logger?: Logger; now?: number } = {},
): Promise<boolean> {
  const last = recent.get(storage);
  if (last && now - last.at < STORAGE_CHECK_TTL_MS) return last.up;
  const up = storage.check().then(
    () => true,
    (error: unknown) => {
      logger?.error({ err: error }, "health check: file store unreachable");
      return false;
    },
  );
  recent.set(storage, { at: now, up });
  return up;
}
