import { sql } from "drizzle-orm";
import type { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readContentVersion } from "#app/lib/response-cache.server";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";

/** Tables whose rows no answer kept for every student shows: no change to them is content. */
const NOT_CONTENT = [
  "audit_log",
  "class_members",
  "class_quizzes",
  "classes",
  "content_version",
  "jobs",
  "quiz_attempts",
  "rate_counters",
  "refresh_tokens",
  "review_answers",
  "review_cards",
  "search_version",
  "sessions",
  "site_state",
  "token_families",
  "users",
];

describe.each(DATABASE_KINDS)("the content's version on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  const version = async () => (await readContentVersion(database.db))!;
  /** How much the version moved while `change` ran. */
  const moved = async (change: () => Promise<unknown>) => {
    const before = await version();
    await change();
    return (await version()) - before;
  };
  const run = (statement: ReturnType<typeof sql>) => () => database.db.execute(statement);

  it("moves with every change to a content table, however it is made", async () => {
    expect(typeof (await version())).toBe("number");
    expect(
      await moved(
        run(sql`insert into subjects (slug, kind, name, description, keywords, position)
                values ('physics-test', 'school_subject', 'Physics', 'Forces', '{}', 1)`),
      ),
    ).toBeGreaterThan(0);
    expect(
      await moved(
        run(sql`insert into materials (key, kind, page, title, position)
                values ('physics-book-test', 'book', 'physics-test', 'Physics Book', 1)`),
      ),
    ).toBeGreaterThan(0);
    expect(
      await moved(
        run(sql`update materials set title = 'Physics Book 2' where key = 'physics-book-test'`),
      ),
    ).toBeGreaterThan(0);
    expect(
      await moved(
        run(sql`insert into stored_files (sha256, byte_size, content_type, file_name)
                values (${"a".repeat(64)}, 10, 'application/pdf', 'physics.pdf')`),
      ),
    ).toBeGreaterThan(0);
    expect(await moved(run(sql`delete from subjects where slug = 'physics-test'`))).toBeGreaterThan(
      0,
    );
  });

  it("stays when only a download was counted, or nothing changed", async () => {
    expect(await moved(run(sql`delete from subjects where slug = 'nothing-here'`))).toBe(0);
    await database.db.execute(sql`insert into materials (key, kind, page, title, position)
                                  values ('chemistry-book-test', 'book', 'books', 'Chemistry Book', 2)`);
    expect(
      await moved(
        run(
          sql`update materials set download_count = download_count + 1 where key = 'chemistry-book-test'`,
        ),
      ),
    ).toBe(0);
    expect(
      await moved(() =>
        database.db
          .transaction(async (tx) => {
            await tx.execute(
              sql`update materials set title = 'Never kept' where key = 'chemistry-book-test'`,
            );
            tx.rollback();
          })
          .catch(() => {}),
      ),
    ).toBe(0);
    expect(
      await moved(
        run(sql`insert into site_state (key, value) values ('content-version-test', 'x')`),
      ),
    ).toBe(0);
  });

  it("moves once for a transaction however many rows it writes", async () => {
    expect(
      await moved(() =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into materials (key, kind, page, title, position)
                               select 'bulk-' || n, 'book', 'books', 'Book ' || n, n
                               from generate_series(1, 50) as n`);
          await tx.execute(sql`update materials set title = title || '!' where key like 'bulk-%'`);
        }),
      ),
    ).toBe(1);
  });

  // Two writers of content that lock the same row in opposite orders: had the version row been
  // locked at each statement, each would wait for the other (a deadlock PostgreSQL ends by
  // failing one); locked at commit, one waits for the other's commit.
  it.runIf(kind === "postgres")(
    "never makes two writers of content wait for each other",
    async () => {
      await database.db.execute(sql`insert into materials (key, kind, page, title, position)
                                  values ('shared-row-test', 'book', 'books', 'Shared', 3)`);
      const pool = (database.db as unknown as { $client: Pool }).$client;
      const [first, second] = await Promise.all([pool.connect(), pool.connect()]);
      try {
        const before = await version();
        await first.query("begin");
        await first.query(
          `insert into stored_files (sha256, byte_size, content_type, file_name)
         values ('${"b".repeat(64)}', 10, 'application/pdf', 'shared.pdf')`,
        );
        await second.query("begin");
        await second.query("update materials set title = 'Second' where key = 'shared-row-test'");
        // Waits for the second's lock on the row, which the second holds to its commit.
        const firstUpdate = first.query(
          "update materials set title = 'First' where key = 'shared-row-test'",
        );
        await second.query("commit");
        await firstUpdate;
        await first.query("commit");
        expect((await version()) - before).toBe(2);
      } finally {
        first.release();
        second.release();
      }
    },
  );

  it("has a trigger on every table but those that hold no content", async () => {
    const rows = await database.db
      .select({
        name: sql<string>`c.relname`,
        // Both: the change's trigger (deferred to its commit) and TRUNCATE's.
        triggered: sql<boolean>`(select count(distinct t.tgfoid) = 2 from pg_trigger t
          where t.tgrelid = c.oid and not t.tgisinternal
            and t.tgfoid in ('content_changed'::regproc, 'content_truncated'::regproc))`,
      })
      .from(sql`pg_class c join pg_namespace n on n.oid = c.relnamespace`)
      .where(sql`n.nspname = 'public' and c.relkind = 'r'`)
      .orderBy(sql`c.relname`);
    const untriggered = rows.filter((row) => !row.triggered).map((row) => row.name);
    // A new table is either content (give it a trigger in a migration) or named above.
    // Sorted here: the two databases order "classes" and "class_members" by different collations.
    expect(untriggered.filter((name) => !name.startsWith("__drizzle")).sort()).toEqual(
      [...NOT_CONTENT].sort(),
    );
  });
});
