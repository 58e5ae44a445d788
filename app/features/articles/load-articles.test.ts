import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles } from "#database/schema";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";
import sharp from "sharp";
import { localDiskStorage, type FileStorage } from "#app/lib/file-storage.server";
import { insertArticle } from "#tests/setup/article-fixtures";
import { loadArticles, sizeArticlePictures } from "./load-articles.server";
import { picturesOf } from "./queries.server";
import { createLogger } from "#server/logger";

describe.each(DATABASE_KINDS)("loading the sample articles on %s", (kind) => {
  let database: TestDatabase;
  let folder: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    folder = await mkdtemp(path.join(tmpdir(), "studyzed-articles-"));
    await cp(path.resolve("content/articles"), folder, { recursive: true });
  });
  afterAll(async () => {
    await database.destroy();
    await rm(folder, { recursive: true, force: true });
  });

  it("adds the three samples, oldest first, marked as samples", async () => {
    expect(await loadArticles({ db: database.db, dir: folder })).toEqual({
      inserted: 3,
      updated: 0,
    });
    const rows = await database.db.select().from(articles).orderBy(articles.id);
    expect(rows.map((row) => row.date)).toEqual([...rows.map((row) => row.date)].sort());
    expect(rows.every((row) => row.isSample && row.published && row.origin === "content")).toBe(
      true,
    );
    for (const row of rows) {
      expect(row.intro).toHaveLength(4);
      expect(row.groups.map((group) => group.length)).toEqual([7, 7]);
    }
  });

  it("changes nothing when loaded again, and updates an edited file's article", async () => {
    expect(await loadArticles({ db: database.db, dir: folder })).toEqual({
      inserted: 0,
      updated: 0,
    });
    const file = path.join(folder, "manage-exam-stress.json");
    const content = JSON.parse(await readFile(file, "utf8")) as { title: string };
    content.title = "Managing exam stress, revised";
    await writeFile(file, JSON.stringify(content));
    expect(await loadArticles({ db: database.db, dir: folder })).toEqual({
      inserted: 0,
      updated: 1,
    });
    const [row] = await database.db
      .select()
      .from(articles)
      .where(eq(articles.contentKey, "manage-exam-stress"));
    expect(row?.title).toBe("Managing exam stress, revised");
  });

  it("leaves an article edited on the site alone", async () => {
    await database.db
      .update(articles)
      .set({ origin: "site", title: "Edited by an admin" })
      .where(eq(articles.contentKey, "use-past-papers-well"));
    await loadArticles({ db: database.db, dir: folder });
    const [row] = await database.db
      .select()
      .from(articles)
      .where(eq(articles.contentKey, "use-past-papers-well"));
    expect(row?.title).toBe("Edited by an admin");
  });
});

describe.each(DATABASE_KINDS)("sizing pictures uploaded before they were sized, on %s", (kind) => {
  let database: TestDatabase;
  let folder: string;
  let storage: FileStorage;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    folder = await mkdtemp(path.join(tmpdir(), "studyzed-backfill-"));
    storage = localDiskStorage(folder);
  });
  afterAll(async () => {
    await database.destroy();
    await rm(folder, { recursive: true, force: true });
  });

  it("makes every place's copies of an article's uploaded pictures at start, and logs one it cannot read", async () => {
    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: "#a52" },
    })
      .jpeg()
      .toBuffer();
    const { sha256 } = await storage.save(photo);
    const broken = (await storage.save(Buffer.from("not a picture"))).sha256;
    await insertArticle(database.db, {
      images: [
        { src: `/files/${sha256}.jpg`, alt: "uploaded" },
        { src: "/images/articles/test-2.webp", alt: "built" },
        { src: `/files/${broken}.png`, alt: "broken" },
      ],
    });
    const warned: unknown[] = [];
    const logger = createLogger({
      level: "warn",
      destination: { write: (line: string) => void warned.push(JSON.parse(line)) },
    });
    await sizeArticlePictures({ db: database.db, storage, logger });
    const pictures = await picturesOf({
      db: database.db,
      images: [{ src: `/files/${sha256}.jpg`, alt: "" }],
    });
    expect(Object.keys(pictures[`/files/${sha256}.jpg`]!).sort()).toEqual(["article", "list"]);
    expect(warned).toEqual([expect.objectContaining({ sha256: broken })]);
  });
});
