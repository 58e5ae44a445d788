import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, selectRows } from "#database/client.server";
import {
  createEmptyPostgresDatabase,
  createTestDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from "#tests/setup/test-database";

describe.each(DATABASE_KINDS)("the database on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("has every table of the schema after migrating", async () => {
    const tables = await selectRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables.map((row) => row.table_name)).toContain("stored_files");
  });

  it("migrates again without change, as every start does", async () => {
    const count = async () =>
      Number(
        (
          await selectRows<{ n: string }>(
            database.db,
            sql`select count(*) as n from drizzle.__drizzle_migrations`,
          )
        )[0]?.n,
      );
    const before = await count();
    await database.migrate();
    expect(await count()).toBe(before);
    expect(before).toBeGreaterThan(0);
  });
});

describe("an embedded database in a folder", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "studyzed-pglite-"));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  /** A dump file of an in-memory database holding one more table of the given name. */
  const templateWith = async (table: string) => {
    const source = await openDatabase({
      kind: "pglite",
      dir: null,
      templateFile: inject("pgliteTemplateFile"),
    });
    await source.db.execute(sql.raw(`create table ${table} (id integer)`));
    const dump = await source.dump!();
    await source.close();
    const file = path.join(folder, `${table}.tar.gz`);
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  };
  const tablesIn = async (dir: string, templateFile: string) => {
    const database = await openDatabase({ kind: "pglite", dir, templateFile });
    try {
      return (
        await selectRows<{ table_name: string }>(
          database.db,
          sql`select table_name from information_schema.tables where table_schema = 'public' and table_name like '%template'`,
        )
      ).map((row) => row.table_name);
    } finally {
      await database.close();
    }
  };

  it("begins from the template when it is new, and keeps its own data after", async () => {
    const dir = path.join(folder, "pglite");
    expect(await tablesIn(dir, await templateWith("from_template"))).toEqual(["from_template"]);
    expect(await tablesIn(dir, await templateWith("another_template"))).toEqual(["from_template"]);
  }, 60_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("servers starting together on postgres", () => {
  it("migrate one empty database one after the other, and all succeed", async () => {
    const empty = await createEmptyPostgresDatabase();
    const servers = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ kind: "postgres", url: empty.url })),
    );
    try {
      const starts = servers.map((database) => database.oneAtATime(() => database.migrate()));
      expect((await Promise.allSettled(starts)).map((result) => result.status)).toEqual([
        "fulfilled",
        "fulfilled",
        "fulfilled",
      ]);
    } finally {
      await Promise.all(servers.map((database) => database.close()));
      await empty.drop();
    }
  });

  it("never run two servers' preparations at once", async () => {
    const empty = await createEmptyPostgresDatabase();
    const servers = await Promise.all(
      [1, 2].map(() => openDatabase({ kind: "postgres", url: empty.url })),
    );
    let inside = 0;
    let most = 0;
    const work = async () => {
      most = Math.max(most, ++inside);
      await setTimeout(50);
      inside--;
      return "done";
    };
    try {
      expect(await Promise.all(servers.map((database) => database.oneAtATime(work)))).toEqual([
        "done",
        "done",
      ]);
      expect(most).toBe(1);
    } finally {
      await Promise.all(servers.map((database) => database.close()));
      await empty.drop();
    }
  });
});
