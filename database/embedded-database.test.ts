import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, selectRows, type DatabaseHandle } from "./client.server";
import { DataDirInUseError } from "./data-dir-lock";

const notes = pgTable("notes", {
  id: integer().primaryKey(),
  body: text().notNull(),
  at: timestamp({ withTimezone: true, mode: "string" }),
});

/**
 * A stored value, written and read back: nothing here reads the clock, and the text form is
 * asked for in UTC, so the answers are the same on any day and in any time zone.
 */
const STORED_AT = "2026-01-02T03:04:05Z";

describe("the embedded database on its own thread, behind a socket", () => {
  let folder: string;
  let database: DatabaseHandle;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "studyzed-embedded-"));
    database = await openDatabase({ kind: "pglite", dir: path.join(folder, "pglite") });
    await database.db.execute(
      sql`create table notes (id integer primary key, body text not null, at timestamptz)`,
    );
    await database.db.execute(sql`set time zone 'UTC'`);
  }, 60_000);
  afterAll(async () => {
    await database.close();
    await rm(folder, { recursive: true, force: true });
  });

  const bodies = async () =>
    (await database.db.select({ body: notes.body }).from(notes).orderBy(notes.id)).map(
      (row) => row.body,
    );

  it("answers queries with their parameters, as objects or arrays, and leaves the types Drizzle asks for as text", async () => {
    const { db } = database;
    await db.execute(sql`insert into notes (id, body, at) values (${1}, ${"first"}, ${STORED_AT})`);
    const asObjects = await selectRows(db, sql`select id, body from notes where id = ${1}`);
    expect(asObjects).toEqual([{ id: 1, body: "first" }]);
    // Drizzle's select asks for rows as arrays, and for timestamps as PostgreSQL's text.
    const asArrays = db
      .select({ id: notes.id, at: notes.at })
      .from(notes)
      .where(sql`${notes.id} = ${1}`);
    expect(asArrays.toSQL().params).toEqual([1]);
    expect(await asArrays).toEqual([{ id: 1, at: "2026-01-02 03:04:05+00" }]);
    // A raw statement's timestamp is text too, as on PostgreSQL: the driver is the same.
    expect(await selectRows(db, sql`select at from notes where id = 1`)).toEqual([
      { at: "2026-01-02 03:04:05+00" },
    ]);
  });

  it("commits a transaction whose work returns, and rolls back one whose work throws", async () => {
    const result = await database.db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 2, body: "kept" });
      return "done";
    });
    expect(result).toBe("done");
    const failure = new Error("changed my mind");
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(notes).values({ id: 3, body: "undone" });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await bodies()).toEqual(["first", "kept"]);
  });

  it("makes other queries wait until a transaction ends, as PGlite does", async () => {
    let seenDuring: string[] | undefined;
    let outside: Promise<unknown> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 4, body: "inside" });
      // Asked outside the transaction while it is open: answered after it commits.
      outside = bodies().then((rows) => (seenDuring = rows));
      await tx.execute(sql`update notes set body = 'inside, changed' where id = 4`);
      expect(seenDuring).toBeUndefined();
    });
    await outside;
    expect(seenDuring).toEqual(["first", "kept", "inside, changed"]);
  });

  it("rejects a failed statement with the driver's SQLSTATE code, and rolls back its transaction", async () => {
    const duplicate = database.db.insert(notes).values({ id: 1, body: "again" });
    await expect(duplicate).rejects.toMatchObject({
      cause: {
        code: "23505",
        severity: "ERROR",
        constraint: "notes_pkey",
        message: expect.stringContaining("duplicate key") as string,
      },
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(notes).values({ id: 5, body: "lost" });
        await tx.insert(notes).values({ id: 1, body: "again" });
      }),
    ).rejects.toMatchObject({ cause: { code: "23505" } });
    expect(await bodies()).toEqual(["first", "kept", "inside, changed"]);
  });

  it("dumps its files as a gzipped tarball", async () => {
    const dump = await database.dump!();
    const bytes = new Uint8Array(await dump.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    expect(bytes.length).toBeGreaterThan(100_000);
  });
});

describe("opening and closing the embedded database", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "studyzed-embedded-"));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it("is refused with DataDirInUseError while another running process holds the folder", async () => {
    const dataDir = path.join(folder, "held");
    await mkdir(dataDir, { recursive: true });
    // A lock written by another live process: one this test starts, and ends after.
    const holder = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], {
      stdio: "ignore",
    });
    try {
      await writeFile(
        path.join(dataDir, "pglite.lock"),
        JSON.stringify({ pid: holder.pid, holder: "the StudyZed server", since: "then" }),
      );
      const attempt = openDatabase(
        { kind: "pglite", dir: path.join(dataDir, "pglite") },
        { holder: "this test" },
      );
      await expect(attempt).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(attempt).rejects.toThrow("is in use by the StudyZed server");
      expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
    } finally {
      holder.kill();
    }
  });

  it("lets go of the folder when closed, and refuses queries after", async () => {
    const dataDir = path.join(folder, "closed");
    const dir = path.join(dataDir, "pglite");
    const database = await openDatabase({ kind: "pglite", dir }, { holder: "this test" });
    await database.db.execute(sql`create table left_here (id integer)`);
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(true);
    await database.close();
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
    await expect(database.ping()).rejects.toMatchObject({
      cause: { message: "Cannot use a pool after calling end on the pool" },
    });
    // Open again: the folder is free, and the database is the one left.
    const again = await openDatabase({ kind: "pglite", dir }, { holder: "this test" });
    expect(await selectRows(again.db, sql`select count(*)::int as n from left_here`)).toEqual([
      { n: 0 },
    ]);
    await again.close();
  }, 60_000);
});
