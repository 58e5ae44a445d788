import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";
import {
  contentChanged,
  readContentVersion,
  setContentWriters,
  sharedResponses,
} from "./content-caches.server";
import { createResponseCache } from "./response-cache";

afterEach(() => {
  setContentWriters({ onlyWriter: false });
  sharedResponses.invalidate();
  vi.useRealTimers();
});

describe("answers kept for every student", () => {
  it("last until a change when this process is the database's only writer", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    setContentWriters({ onlyWriter: true });
    await sharedResponses.get("/List/", () => Promise.resolve("[]"));
    vi.setSystemTime(Date.now() + 30 * 60_000);
    expect(sharedResponses.peek("/List/")?.body).toBe("[]");
    contentChanged();
    expect(sharedResponses.peek("/List/")).toBeUndefined();
  });

  it("last five seconds when other processes may change the database", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    setContentWriters({ onlyWriter: false });
    await sharedResponses.get("/List/", () => Promise.resolve("[]"));
    vi.setSystemTime(Date.now() + 4_000);
    expect(sharedResponses.peek("/List/")?.body).toBe("[]");
    vi.setSystemTime(Date.now() + 1_001);
    expect(sharedResponses.peek("/List/")).toBeUndefined();
  });
});

describe.each(DATABASE_KINDS)("answers kept when other processes share %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  it("are checked against the content's version past five seconds, and made again only after a change", async () => {
    // As setContentWriters sets the shared cache, on a clock of the test's own.
    let clock = 0;
    let reads = 0;
    const cache = createResponseCache({ ttlMs: 5_000, now: () => clock });
    cache.setFreshness({
      ttlMs: 5_000,
      readVersion: () => readContentVersion(database.db).finally(() => reads++),
    });
    let made = 0;
    const make = () => Promise.resolve(`[${++made}]`);
    await cache.get("/List/", make);
    clock += 5_001;
    await cache.get("/List/", make);
    await expect.poll(() => reads).toBe(2);
    expect(made).toBe(1);
    // Confirmed: trusted for five more seconds without being made again.
    clock += 4_000;
    expect(cache.peek("/List/")?.body).toBe("[1]");
    // Changed with plain SQL by someone else, and no message sent.
    await database.db
      .execute(sql`insert into subjects (slug, kind, name, description, keywords, position)
                                  values ('biology-cache-test', 'school_subject', 'Biology', 'Cells', '{}', 1)`);
    clock += 1_001;
    await cache.get("/List/", make);
    await expect.poll(() => cache.peek("/List/")?.body).toBe("[2]");
  });
});
