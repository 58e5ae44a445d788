import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "#database/schema";
import { localDiskStorage, type FileStorage } from "#app/lib/file-storage.server";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";
import {
  askForLiteCopy,
  askForMissingLiteCopies,
  liteCopyOutcome,
  liteFileName,
  makeLiteCopy,
  wantsLiteCopy,
} from "./lite-copies.server";
import { recordStoredFile } from "./stored-files.server";

const PDF = "application/pdf";

describe("which files get a lite copy", () => {
  it("is a PDF over 1 MB", () => {
    expect(wantsLiteCopy({ contentType: PDF, byteSize: 1_000_001 })).toBe(true);
    expect(wantsLiteCopy({ contentType: PDF, byteSize: 1_000_000 })).toBe(false);
    expect(wantsLiteCopy({ contentType: "video/mp4", byteSize: 40_000_000 })).toBe(false);
  });

  it("is saved under the full file's name, marked lite", () => {
    expect(liteFileName("Pathology 2019 Test 1.pdf")).toBe("Pathology 2019 Test 1 (lite).pdf");
  });
});

describe.each(DATABASE_KINDS)("asking for lite copies on %s", (kind) => {
  let database: TestDatabase;
  let folder: string;
  let storage: FileStorage;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    folder = await mkdtemp(path.join(tmpdir(), "studyzed-lite-"));
    storage = localDiskStorage(folder);
  });
  afterAll(async () => {
    await database?.destroy();
    await rm(folder, { recursive: true, force: true });
  });

  const asked = async () =>
    (await database.db.select({ subject: jobs.subject, label: jobs.label }).from(jobs)).sort(
      (a, b) => a.subject.localeCompare(b.subject),
    );

  it("asks once per content, for real PDFs over 1 MB only; at start, for those never asked", async () => {
    const big = { sha256: "a".repeat(64), contentType: PDF, byteSize: 5_000_000 };
    await askForLiteCopy({ db: database.db, file: big, label: "Big.pdf" });
    await askForLiteCopy({ db: database.db, file: big, label: "Big again.pdf" });
    await askForLiteCopy({
      db: database.db,
      file: { sha256: "b".repeat(64), contentType: PDF, byteSize: 900_000 },
      label: "Small.pdf",
    });
    expect(await asked()).toEqual([{ subject: big.sha256, label: "Big.pdf" }]);

    // Stored before lite copies existed: a real scan, a sample, and a small real file.
    const file = (sha: string, byteSize: number, isSample: boolean) =>
      recordStoredFile({
        db: database.db,
        file: {
          sha256: sha.repeat(64),
          byteSize,
          contentType: PDF,
          fileName: `${sha}.pdf`,
          isSample,
        },
      });
    await file("c", 3_000_000, false);
    await file("d", 3_000_000, true);
    await file("e", 500_000, false);
    await askForMissingLiteCopies(database.db);
    await askForMissingLiteCopies(database.db);
    expect(await asked()).toEqual([
      { subject: big.sha256, label: "Big.pdf" },
      { subject: "c".repeat(64), label: "c.pdf" },
    ]);
  });

  it("leaves a failed job failed at start, for the admin to see", async () => {
    await recordStoredFile({
      db: database.db,
      file: {
        sha256: "f".repeat(64),
        byteSize: 3_000_000,
        contentType: PDF,
        fileName: "f.pdf",
        isSample: false,
      },
    });
    await askForMissingLiteCopies(database.db);
    await database.db
      .update(jobs)
      .set({ status: "failed" })
      .where(eq(jobs.subject, "f".repeat(64)));
    await askForMissingLiteCopies(database.db);
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.subject, "f".repeat(64)));
    expect(job?.status).toBe("failed");
  });

  it("records why a file has no lite copy, and does the work once", async () => {
    // Not a PDF that opens: an outcome the job records, not a failure to retry.
    const { sha256 } = await storage.save(Buffer.from("%PDF-1.4\nnot really\n%%EOF\n"));
    await makeLiteCopy({ db: database.db, storage, job: { subject: sha256 } });
    const outcome = await liteCopyOutcome({ db: database.db, sha256 });
    expect(outcome?.liteByteSize).toBeNull();
    expect(outcome?.reason).toBe("it is damaged: it could not be read as a PDF");
    // Done: the store is not read again.
    const unreadable: FileStorage = {
      ...storage,
      open: () => Promise.reject(new Error("read again")),
    };
    await makeLiteCopy({ db: database.db, storage: unreadable, job: { subject: sha256 } });
  });
});
