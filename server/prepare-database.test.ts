import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDiskStorage } from "#app/lib/file-storage.server";
import { materials } from "#database/schema";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";
import { createLogger } from "./logger";
import { prepareDatabase, preparedFingerprint } from "./prepare-database";

const logger = createLogger({ level: "silent" });

describe("the fingerprint a restart compares", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "studyzed-fingerprint-"));
    await mkdir(path.join(folder, "a", "nested"), { recursive: true });
    await mkdir(path.join(folder, "b"));
    await writeFile(path.join(folder, "a", "one.json"), "{}");
    await writeFile(path.join(folder, "a", "nested", "two.sql"), "select 1;");
    await writeFile(path.join(folder, "b", "three.md"), "# three");
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  const fingerprint = () => preparedFingerprint([path.join(folder, "a"), path.join(folder, "b")]);

  it("is the same for the same files, and changes with a byte, a new file or a new name", async () => {
    const first = fingerprint();
    expect(fingerprint()).toBe(first);

    await writeFile(path.join(folder, "a", "nested", "two.sql"), "select 2;");
    const edited = fingerprint();
    expect(edited).not.toBe(first);

    await writeFile(path.join(folder, "b", "four.md"), "");
    const added = fingerprint();
    expect(added).not.toBe(edited);

    await rm(path.join(folder, "b", "four.md"));
    await writeFile(path.join(folder, "b", "five.md"), "");
    expect(fingerprint()).not.toBe(added);
  });
});

describe.each(DATABASE_KINDS)("preparing the database on %s", (kind) => {
  let database: TestDatabase;
  let files: string;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    files = await mkdtemp(path.join(tmpdir(), "studyzed-prepare-"));
  });
  afterAll(async () => {
    await database.destroy();
    await rm(files, { recursive: true, force: true });
  });

  const prepare = (fingerprint: string) =>
    prepareDatabase({ database, storage: localDiskStorage(files), logger, fingerprint });
  const title = async () =>
    (await database.db.select().from(materials).where(eq(materials.key, "mathematics-indices")))[0]
      ?.title;

  it("is skipped on a restart with the same fingerprint, and done again when it changes", async () => {
    await prepare("first");
    const loaded = await title();
    expect(loaded).toBeTruthy();

    // A change the content loader would undo, made behind its back.
    await database.db
      .update(materials)
      .set({ title: "Changed by hand" })
      .where(eq(materials.key, "mathematics-indices"));
    await prepare("first");
    expect(await title()).toBe("Changed by hand");

    await prepare("second");
    expect(await title()).toBe(loaded);
  });
});
