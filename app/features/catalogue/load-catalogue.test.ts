import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { materials, storedFiles, subjects } from "#database/schema";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";
import { localDiskStorage, type FileStorage } from "#app/lib/file-storage.server";
import { readCatalogueContent, type CatalogueContent } from "./catalogue-files.server";
import { loadCatalogue } from "./load-catalogue.server";

describe.each(DATABASE_KINDS)("loading the catalogue on %s", (kind) => {
  let database: TestDatabase;
  let folder: string;
  let storage: FileStorage;
  let content: CatalogueContent;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    folder = await mkdtemp(path.join(tmpdir(), "studyzed-files-"));
    storage = localDiskStorage(folder);
    content = await readCatalogueContent();
  });
  afterAll(async () => {
    await database.destroy();
    await rm(folder, { recursive: true, force: true });
  });

  const fileOf = async (key: string) =>
    (
      await database.db
        .select({
          fileName: storedFiles.fileName,
          isSample: storedFiles.isSample,
          sha256: storedFiles.sha256,
        })
        .from(materials)
        .innerJoin(storedFiles, eq(storedFiles.id, materials.fileId))
        .where(eq(materials.key, key))
    )[0];

  // Writes about 580 files, one transaction each: 20 s was too little on a busy 2-core CI run.
  it("fills an empty database and puts a sample file behind every material", async () => {
    const report = await loadCatalogue({ db: database.db, storage, content });
    expect(report.inserted).toBeGreaterThan(500);
    const rows = await database.db
      .select({ key: materials.key, fileId: materials.fileId })
      .from(materials);
    expect(rows.length).toBe(report.inserted - (await database.db.select().from(subjects)).length);
    expect(rows.filter((row) => row.fileId === null)).toEqual([]);
    const sample = await fileOf("mathematics-indices");
    expect(sample).toMatchObject({
      fileName: "Mathematics – Indices (Grade Ten).pdf",
      isSample: true,
    });
    expect(await storage.has(sample!.sha256)).toBe(true);
  }, 60_000);

  it("changes nothing when started again", async () => {
    const before = await database.db.select().from(materials);
    const report = await loadCatalogue({ db: database.db, storage, content });
    expect(report).toEqual({ inserted: 0, updated: 0, removed: 0, samplesWritten: 0 });
    expect(await database.db.select().from(materials)).toEqual(before);
  });

  it("updates the rows whose content changed", async () => {
    const edited = structuredClone(content);
    edited.books.books[0]!.blurb = "A new blurb.";
    const mathematics = edited.subjects.find((subject) => subject.slug === "mathematics")!;
    const oldSample = await fileOf("mathematics-indices");
    mathematics.sections[0]!.topics.find((topic) => topic.title === "Indices")!.free = false;
    const report = await loadCatalogue({ db: database.db, storage, content: edited });
    // The book, and the Indices booklet with its practice test and answers.
    expect(report).toMatchObject({ inserted: 0, updated: 4, removed: 0, samplesWritten: 0 });
    const [book] = await database.db
      .select()
      .from(materials)
      .where(eq(materials.key, "book-grade-12-biology-made-easy"));
    expect(book?.description).toBe("A new blurb.");
    const [indices] = await database.db
      .select()
      .from(materials)
      .where(eq(materials.key, "mathematics-indices"));
    expect(indices).toMatchObject({ isFree: false, priceNgwee: 400 });
    expect((await fileOf("mathematics-indices"))?.sha256).toBe(oldSample?.sha256);
  });

  it("writes a new sample when a sample's title changes, and never replaces a real file", async () => {
    const renamed = structuredClone(content);
    renamed.subjects.find((subject) => subject.slug === "english")!.name = "English Language";
    await database.db.insert(storedFiles).values({
      sha256: "a".repeat(64),
      byteSize: 3,
      contentType: "application/pdf",
      fileName: "Real.pdf",
    });
    const [real] = await database.db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(eq(storedFiles.fileName, "Real.pdf"));
    await database.db
      .update(materials)
      .set({ fileId: real!.id })
      .where(eq(materials.key, "english-summary"));
    const report = await loadCatalogue({ db: database.db, storage, content: renamed });
    const englishMaterials = (
      await database.db.select().from(materials).where(eq(materials.page, "english"))
    ).length;
    expect(report.samplesWritten).toBe(englishMaterials - 1);
    expect((await fileOf("english-comprehension"))?.fileName).toBe(
      "English Language – Comprehension (Grade Ten - Twelve).pdf",
    );
    expect((await fileOf("english-summary"))?.fileName).toBe("Real.pdf");
  });

  it("leaves rows made or edited through the site alone, and removes content rows no longer listed", async () => {
    await database.db
      .update(materials)
      .set({ origin: "site", title: "Edited by an admin" })
      .where(eq(materials.key, "book-grade-12-biology-made-easy"));
    await database.db.insert(materials).values({
      key: "admin-upload",
      kind: "book",
      page: "books",
      title: "Uploaded",
      position: 9,
      origin: "site",
    });
    const trimmed = structuredClone(content);
    trimmed.podcasts.podcasts = trimmed.podcasts.podcasts.slice(0, 1);
    const report = await loadCatalogue({ db: database.db, storage, content: trimmed });
    expect(report.removed).toBe(1);
    const keys = (await database.db.select({ key: materials.key }).from(materials)).map(
      (row) => row.key,
    );
    expect(keys).toContain("admin-upload");
    expect(keys).not.toContain("podcast-the-importance-of-planning");
    const [book] = await database.db
      .select()
      .from(materials)
      .where(eq(materials.key, "book-grade-12-biology-made-easy"));
    expect(book?.title).toBe("Edited by an admin");
  });
});
