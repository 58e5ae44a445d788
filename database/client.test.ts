import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";

/** Both drivers answer raw SQL with `{ rows }`; the shared Postgres type leaves it unknown. */
async function rows<T>(query: Promise<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

describe.each(DATABASE_KINDS)("the database on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("has every table of the schema after migrating", async () => {
    const tables = await rows<{ table_name: string }>(
      database.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public'`,
      ),
    );
    expect(tables.map((row) => row.table_name)).toContain("stored_files");
  });

  it("migrates again without change, as every start does", async () => {
    const count = async () =>
      Number(
        (
          await rows<{ n: string }>(
            database.db.execute(sql`select count(*) as n from drizzle.__drizzle_migrations`),
          )
        )[0]?.n,
      );
    const before = await count();
    await database.migrate();
    expect(await count()).toBe(before);
    expect(before).toBeGreaterThan(0);
  });
});
