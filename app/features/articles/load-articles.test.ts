import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles } from "#database/schema";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";
import { loadArticles } from "./load-articles.server";

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
