import { createHash, randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import { PDFDocument } from "@cantoo/pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#database/schema";
import { findMaterialForAdmin } from "#app/features/catalogue/public.server";
import { createSeededDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import {
  corruptPdf,
  lockedPdf,
  scannedPdf,
  scriptedPdf,
  zipNamedPdf,
} from "#tests/setup/pdf-fixtures";
import { DATABASE_KINDS } from "#tests/setup/test-database";
import { ImportRefused, importContent, runContentImport } from "./content-import.server";

/** A one-page PDF saying `text`. */
async function pdf(text: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage().drawText(text, { x: 50, y: 700 });
  return Buffer.from(await document.save());
}
/** A PNG's first bytes, and nothing a picture can be drawn from. */
const DAMAGED_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
/** An MP3 as it starts: an ID3 tag. */
const MP3 = Buffer.concat([Buffer.from("ID3\x04\x00\x00\x00\x00\x00\x00"), Buffer.alloc(64, 7)]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 32]), Buffer.from("ftypisom"), Buffer.alloc(64)]);
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

async function writeFiles(root: string, files: Record<string, Buffer | string>) {
  for (const [name, bytes] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), bytes);
  }
}

/**
 * The bulk import (docs/content-import.md): files placed by their paths or a manifest,
 * checked, stored and audited as an admin's uploads are, nothing twice, and a dry run that
 * changes nothing.
 */
describe.each(DATABASE_KINDS)("npm run content:import on %s", (kind) => {
  let seeded: SeededDatabase;
  let folder: string;
  let TEST_1: Buffer;

  beforeAll(async () => {
    const cover = await sharp({
      create: { width: 900, height: 1200, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .png()
      .toBuffer();
    TEST_1 = await pdf("Pathology 2019 test 1, the real paper");
    seeded = await createSeededDatabase(kind);
    folder = await mkdtemp(path.join(tmpdir(), "studyzed-import-"));
    await writeFiles(path.join(folder, "library"), {
      "patho/2019/Test 1.pdf": TEST_1,
      "patho/2019/test-2.pdf": zipNamedPdf(),
      "covers/mathematics-indices.png": cover,
      "covers/mathematics-sets.png": DAMAGED_PNG,
      "podcasts/podcast-mindset-change.mp3": MP3,
      "lessons/mathematics-indices.mp4": MP4,
      "patho/2019/sessional.pdf": Buffer.from(await scriptedPdf()),
      "patho/2019/sessional-with-answers.pdf": Buffer.from(await lockedPdf()),
      "patho/2019/test-3.pdf": Buffer.from(await corruptPdf()),
      "patho/1999/test-1.pdf": await pdf("no such year"),
      "maths/Grade 11 Quadratic Functions.pdf": await pdf("the owner's own name for a topic"),
      "Pathology/2019/Sessional answers.pdf": await pdf("a name near an entry's"),
      "notes.txt": "not for the site",
    });
  });
  afterAll(async () => {
    await seeded.destroy();
    await rm(folder, { recursive: true, force: true });
  });

  const run = (source: string, dryRun = false) =>
    importContent({ db: seeded.database.db, storage: seeded.storage, source, dryRun });
  const material = (key: string) => findMaterialForAdmin({ db: seeded.database.db, key });

  it("says what a dry run would do, changes nothing, then stores, refuses and leaves out as it said, once", async () => {
    const library = path.join(folder, "library");
    const dry = await run(library, true);
    expect(dry.counts).toEqual({
      "would store": 4,
      stored: 0,
      "already in place": 0,
      refused: 6,
      "left out": 3,
    });
    expect(dry.lines).toContain(
      `would store: ${path.join(library, "maths/Grade 11 Quadratic Functions.pdf")} → file of mathematics-quadratic-functions`,
    );
    expect(dry.lines).toContain(
      "left out: Pathology/2019/Sessional answers.pdf (its name matches no catalogue entry; did you mean patho-2019-sessional-with-answers (Pathology 2019 Sessional with answers)?)",
    );
    expect(dry.lines).toContain(
      `would store: ${path.join(library, "patho/2019/Test 1.pdf")} → file of patho-2019-test-1`,
    );
    expect(dry.lines).toContain(
      `refused: ${path.join(library, "patho/2019/test-2.pdf")} → file of patho-2019-test-2 (That file is not a PDF.)`,
    );
    expect(dry.lines).toContain(
      "left out: patho/1999/test-1.pdf (its name matches no catalogue entry)",
    );
    expect(dry.lines).toContain(
      `refused: ${path.join(library, "patho/2019/sessional.pdf")} → file of patho-2019-sessional (That PDF is not taken: it carries a script or a program to launch, which the site never serves.)`,
    );
    expect(dry.lines).toContain(
      `refused: ${path.join(library, "patho/2019/sessional-with-answers.pdf")} → file of patho-2019-sessional-with-answers (That PDF is not taken: it is locked with a password, so students could not open it.)`,
    );
    expect(dry.lines).toContain(
      `refused: ${path.join(library, "patho/2019/test-3.pdf")} → file of patho-2019-test-3 (That PDF is not taken: it is damaged: it could not be read as a PDF.)`,
    );
    expect(dry.lines).toContain(
      `refused: ${path.join(library, "covers/mathematics-sets.png")} → cover of mathematics-sets (That picture could not be read: it may be damaged.)`,
    );
    expect(dry.lines).toContain(
      `refused: ${path.join(library, "lessons/mathematics-indices.mp4")} → media of mathematics-indices (only podcast episodes and video lessons take audio or video)`,
    );
    expect(dry.lines).toContain(
      "left out: notes.txt (not a .pdf, picture (.jpg, .png, .webp, .gif, .tif, .avif), audio or video file)",
    );
    expect(dry.lines).toContain(
      "Dry run: 4 would be stored, 0 already in place, 6 refused, 3 left out. Nothing was changed.",
    );
    expect((await material("patho-2019-test-1"))?.isSample).toBe(true);
    expect(await seeded.storage.has(sha256(TEST_1))).toBe(false);

    const done = await run(library);
    expect(done.counts).toMatchObject({ stored: 4, refused: 6, "left out": 3 });
    const paper = await material("patho-2019-test-1");
    expect(paper).toMatchObject({ isSample: false, sha256: sha256(TEST_1) });
    expect(paper?.fileName).toBe("Pathology 2019 Test 1.pdf");
    const image = (await material("mathematics-indices"))?.image;
    expect(image).toMatch(/^\/files\/[0-9a-f]{64}\.webp$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await seeded.storage.open(image!.slice(7, 71)))
      chunks.push(chunk as Buffer);
    const served = Buffer.concat(chunks);
    const shown = await sharp(served).metadata();
    expect([shown.format, shown.width, shown.height]).toEqual(["webp", 264, 374]);
    expect((await material("patho-2019-test-2"))?.isSample).toBe(true);
    expect(await material("podcast-mindset-change")).toMatchObject({
      sha256: sha256(MP3),
      fileName: "Mindset Change.mp3",
    });
    const audited = await seeded.database.db
      .select({ action: auditLog.action, target: auditLog.target })
      .from(auditLog)
      .where(eq(auditLog.actor, "content:import"));
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: "material.replace-file", target: "material patho-2019-test-1" },
        { action: "material.replace-image", target: "material mathematics-indices" },
        { action: "material.replace-file", target: "material podcast-mindset-change" },
      ]),
    );
    expect(done.lines.find((line) => line.startsWith("Pathology: "))).toMatch(
      /^Pathology: 1 of \d+ real$/,
    );

    const again = await run(library);
    expect(again.counts).toMatchObject({ stored: 0, "already in place": 4, refused: 6 });
    const entries = await seeded.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.actor, "content:import"));
    expect(entries).toHaveLength(4);
  });

  it("takes a CSV or JSON manifest, its files beside it or named by file:// URL", async () => {
    // Entries the folder test leaves alone, so either test may run first or alone.
    const TEST_3 = await pdf("Pathology 2019 test 3, scanned");
    const manifests = path.join(folder, "manifests");
    await writeFiles(manifests, {
      "scans/IMG_2931.pdf": TEST_3,
      "scans/IMG_2932.pdf": await pdf("Mathematics: sets"),
      "library.csv": "key,file\npatho-2019-test-3,scans/IMG_2931.pdf\n",
      "library.json": JSON.stringify([
        {
          key: "MATHEMATICS-SETS",
          file: pathToFileURL(path.join(manifests, "scans/IMG_2932.pdf")).href,
        },
      ]),
    });
    const fromCsv = await run(path.join(manifests, "library.csv"));
    expect(fromCsv.counts).toMatchObject({ stored: 1, refused: 0, "left out": 0 });
    expect((await material("patho-2019-test-3"))?.sha256).toBe(sha256(TEST_3));
    const fromJson = await run(path.join(manifests, "library.json"));
    expect(fromJson.counts).toMatchObject({ stored: 1, refused: 0 });
    expect((await material("mathematics-sets"))?.isSample).toBe(false);
  });

  it("takes a scanner's TIFF or a GIF as a cover, served as the site's WebP", async () => {
    const covers = path.join(folder, "covers-other");
    const picture = sharp({
      create: { width: 600, height: 800, channels: 3, background: { r: 30, g: 90, b: 160 } },
    });
    await writeFiles(covers, {
      "mathematics-algebra.tif": await picture.clone().tiff().toBuffer(),
      "mathematics-matrices.gif": await picture.clone().gif().toBuffer(),
    });
    const done = await run(covers);
    expect(done.counts).toMatchObject({ stored: 2, refused: 0 });
    for (const key of ["mathematics-algebra", "mathematics-matrices"])
      expect((await material(key))?.image).toMatch(/^\/files\/[0-9a-f]{64}\.webp$/);
  });

  it("makes the lite copies of large PDFs as it stores them, and says how each went", async () => {
    const lite = path.join(folder, "lite");
    const scan = Buffer.from(await scannedPdf(5));
    // Over 1 MB, all of it a lossless picture of noise: nothing a lite copy makes smaller.
    const noise = await sharp(randomBytes(700 * 700 * 3), {
      raw: { width: 700, height: 700, channels: 3 },
    })
      .png()
      .toBuffer();
    const drawn = await PDFDocument.create();
    drawn.addPage().drawImage(await drawn.embedPng(noise), { x: 0, y: 0, width: 500, height: 500 });
    const text = Buffer.from(await drawn.save());
    expect(text.byteLength).toBeGreaterThan(1_000_000);
    await writeFiles(lite, { "bioch/2023/test-1.pdf": scan, "bioch/2023/test-2.pdf": text });

    const done = await run(lite);
    expect(done.counts).toMatchObject({ stored: 2, refused: 0 });
    const scanLine = done.lines.find((line) => line.includes("file of bioch-2023-test-1"));
    const [, smaller] =
      /; lite copy [\d.]+ (?:KB|MB), ([\d.]+)× smaller$/.exec(scanLine ?? "") ?? [];
    expect(Number(smaller)).toBeGreaterThanOrEqual(3);
    expect(done.lines).toContain(
      `stored: ${path.join(lite, "bioch/2023/test-2.pdf")} → file of bioch-2023-test-2; no lite copy: it has no pictures that a lite copy would make smaller`,
    );
  });

  it("refuses a manifest that names a file elsewhere, or is broken, before storing anything", async () => {
    const manifests = path.join(folder, "refused");
    await writeFiles(manifests, {
      "remote.csv": "key,file\npatho-2020-test-1,https://example.org/paper.pdf\n",
      "other-host.csv": "key,file\npatho-2020-test-1,file://library-pc/papers/a.pdf\n",
      "broken.json": '[{ "key": "patho-2020-test-1" }]',
    });
    await expect(run(path.join(manifests, "remote.csv"))).rejects.toThrow(ImportRefused);
    await expect(run(path.join(manifests, "remote.csv"))).rejects.toThrow(
      "The manifest names files that are not on this machine (only paths and file:// URLs are read): https://example.org/paper.pdf",
    );
    await expect(run(path.join(manifests, "other-host.csv"))).rejects.toThrow(
      "The manifest names files that are not on this machine (only paths and file:// URLs are read): file://library-pc/papers/a.pdf",
    );
    await expect(run(path.join(manifests, "broken.json"))).rejects.toThrow(
      'The manifest must be a list of { "key": "…", "file": "…" }.',
    );
  });
});

describe("the content:import command", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "studyzed-import-cli-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const run = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runContentImport(
      argv,
      { out: (line) => out.push(line), err: (line) => err.push(line) },
      { DATA_DIR: dataDir },
    );
    return { code, out, err: err.join("\n") };
  };

  it("shows its usage when the path is missing or an option is unknown", async () => {
    const bare = await run([]);
    expect(bare.code).toBe(2);
    expect(bare.err).toContain("Usage: npm run content:import -- PATH [--dry-run]");
    const unknown = await run([dataDir, "--force"]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("Unknown option '--force'");
  });

  it("says so when the path names nothing", async () => {
    const missing = path.join(dataDir, "no-such-folder");
    expect(await run([missing])).toEqual({
      code: 1,
      out: [],
      err: `There is no file or folder at ${missing}.`,
    });
  });

  it("refuses, clearly, while a server has the embedded database open", async () => {
    // The lock a running server writes: this test's parent process, which is surely running.
    await writeFile(
      path.join(dataDir, "pglite.lock"),
      JSON.stringify({ pid: process.ppid, holder: "the StudyZed server", since: "now" }),
    );
    const refused = await run([dataDir]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(
      /^Cannot import now: .* is in use by the StudyZed server \(process \d+\); .* Stop the server, run this command, then start the server again\.$/,
    );
  });
});
