import { describe, expect, it, vi } from "vitest";
import type { FileStorage } from "./file-storage.server";
import { storageIsUp } from "./storage-health.server";

const storeWith = (check: () => Promise<void>) => ({ check }) as unknown as FileStorage;

describe("storageIsUp", () => {
  it("asks the store once per five seconds, however often it is asked", async () => {
    const check = vi.fn(() => Promise.resolve());
    const storage = storeWith(check);
    expect(await storageIsUp(storage, { now: 1_000 })).toBe(true);
    expect(await storageIsUp(storage, { now: 1_000 })).toBe(true);
    expect(await storageIsUp(storage, { now: 5_999 })).toBe(true);
    expect(check).toHaveBeenCalledTimes(1);
    expect(await storageIsUp(storage, { now: 6_000 })).toBe(true);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it("answers false for a store that fails its check, and logs it once per check", async () => {
    const logger = { error: vi.fn() };
    const storage = storeWith(() => Promise.reject(new Error("unreachable")));
    const options = { logger: logger as never, now: 1_000 };
    expect(await storageIsUp(storage, options)).toBe(false);
    expect(await storageIsUp(storage, options)).toBe(false);
    expect(logger.error).toHaveBeenCalledTimes(1);
  });
});
