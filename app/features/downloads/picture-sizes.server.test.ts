import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDiskStorage, type FileStorage } from "#app/lib/file-storage.server";
import { UploadError } from "#app/lib/multipart.server";
import { phonePhoto, sidewaysPhoto } from "#tests/setup/photo-fixtures";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";
import {
  findPictureSizes,
  makePictureSizes,
  sizedCopy,
  sizedCopyMaxBytes,
} from "./picture-sizes.server";
import { findStoredImage } from "./stored-files.server";

describe("a picture's copy for its place", () => {
  it("is WebP at exactly the place's size, and at most about 0.1 byte a pixel", async () => {
    const photo = await phonePhoto();
    for (const box of [
      { width: 600, height: 400 },
      { width: 270, height: 180 },
    ]) {
      const copy = await sizedCopy(photo, box);
      expect(await sharp(copy).metadata()).toMatchObject({ format: "webp", ...box });
      expect(copy.byteLength).toBeLessThanOrEqual(sizedCopyMaxBytes(box));
    }
  });

  it("turns a photo taken sideways upright", async () => {
    const sideways = await sidewaysPhoto();
    const { data, info } = await sharp(await sizedCopy(sideways, { width: 300, height: 400 }))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[y * info.width + x]!;
    expect(at(20, 20)).toBeLessThan(60);
    expect(at(20, info.height - 20)).toBeGreaterThan(200);
  });

  it("refuses a damaged picture with a reason", async () => {
    const damaged = (await phonePhoto()).subarray(0, 5000);
    const refused = await sizedCopy(damaged, { width: 300, height: 200 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UploadError);
    expect((refused as UploadError).status).toBe(415);
  });
});

describe.each(DATABASE_KINDS)("making a picture's copies on %s", (kind) => {
  let database: TestDatabase;
  let folder: string;
  let storage: FileStorage;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    folder = await mkdtemp(path.join(tmpdir(), "studyzed-sizes-"));
    storage = localDiskStorage(folder);
  });
  afterAll(async () => {
    await database?.destroy();
    await rm(folder, { recursive: true, force: true });
  });

  it("stores 1x and 2x of each place once, as pictures the site serves, keeping the original", async () => {
    const photo = await phonePhoto();
    const { sha256 } = await storage.save(photo);
    const original = { sha256, fileName: "IMG_2040.jpg" };
    const boxes = [
      { width: 300, height: 200 },
      { width: 270, height: 180 },
    ];
    await makePictureSizes({ db: database.db, storage, original, boxes });
    await makePictureSizes({ db: database.db, storage, original, boxes });
    const copies = (await findPictureSizes({ db: database.db, sha256s: [sha256] })).get(sha256)!;
    expect(copies.map(({ width, height }) => `${width}x${height}`).sort()).toEqual([
      "270x180",
      "300x200",
      "540x360",
      "600x400",
    ]);
    for (const copy of copies) {
      const file = await findStoredImage({ db: database.db, sha256: copy.sha256 });
      expect(file).toMatchObject({ contentType: "image/webp" });
      expect(file!.fileName).toBe(`IMG_2040-${copy.width}x${copy.height}.webp`);
    }
    // Compared whole with equals: toEqual walks 2 MB byte by byte.
    expect((await buffer(await storage.open(sha256))).equals(photo)).toBe(true);
  });
});
