import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataDirInUseError } from "./data-dir-lock";
import { PgliteThread } from "./pglite-thread";

/** PostgreSQL's type number for `timestamp with time zone`, which Drizzle keeps as text. */
const TIMESTAMPTZ = 1184;

/**
 * A stored value, written and read back: nothing here reads the clock, and the text form is
 * asked for in UTC, so the answers are the same on any day and in any time zone.
 */
const STORED_AT = "2026-01-02T03:04:05Z";

describe("the embedded database on its own thread", () => {
  let folder: string;
  let thread: PgliteThread;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "studyzed-thread-"));
    thread = await PgliteThread.open({ dir: path.join(folder, "pglite"), holder: "this test" });
    await thread.exec(
      "create table notes (id integer primary key, body text not null, at timestamptz); set time zone 'UTC'",
    );
  }, 60_000);
  afterAll(async () => {
    await thread.close();
    await rm(folder, { recursive: true, force: true });
  });

  const bodies = async () =>
    (await thread.query("select body from notes order by id")).rows.map(
      (row) => (row as { body: string }).body,
    );

  it("answers queries with their parameters, as objects or arrays, and leaves the types Drizzle asks for as text", async () => {
    await thread.query("insert into notes (id, body, at) values ($1, $2, $3)", [
      1,
      "first",
      STORED_AT,
    ]);
    const asObjects = await thread.query("select id, body from notes where id = $1", [1]);
    expect(asObjects.rows).toEqual([{ id: 1, body: "first" }]);
    const asArrays = await thread.query("select id, at from notes where id = $1", [1], {
      rowMode: "array",
      parsers: { [TIMESTAMPTZ]: (value: string) => value },
    });
    expect(asArrays.rows).toEqual([[1, "2026-01-02 03:04:05+00"]]);
    expect(asArrays.fields.map((field) => field.name)).toEqual(["id", "at"]);
    // Without the parser, PGlite makes a Date, which crosses the thread as one.
    const parsed = await thread.query("select at from notes where id = 1");
    expect((parsed.rows[0] as { at: Date }).at).toEqual(new Date(STORED_AT));
  });

  it("commits a transaction whose work returns, and rolls back one whose work throws", async () => {
    const result = await thread.transaction(async (tx) => {
      await tx.query("insert into notes (id, body) values (2, 'kept')");
      return "done";
    });
    expect(result).toBe("done");
    const failure = new Error("changed my mind");
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into notes (id, body) values (3, 'undone')");
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await bodies()).toEqual(["first", "kept"]);
  });

  it("makes other queries wait until a transaction ends, as PGlite does", async () => {
    let seenDuring: string[] | undefined;
    let outside: Promise<unknown> | undefined;
    await thread.transaction(async (tx) => {
      await tx.query("insert into notes (id, body) values (4, 'inside')");
      // Asked outside the transaction while it is open: answered after it commits.
      outside = bodies().then((rows) => (seenDuring = rows));
      await tx.query("update notes set body = 'inside, changed' where id = 4");
      expect(seenDuring).toBeUndefined();
    });
    await outside;
    expect(seenDuring).toEqual(["first", "kept", "inside, changed"]);
  });

  it("rejects a failed statement with the driver's SQLSTATE code, and rolls back its transaction", async () => {
    const duplicate = thread.query("insert into notes (id, body) values (1, 'again')");
    await expect(duplicate).rejects.toMatchObject({
      code: "23505",
      severity: "ERROR",
      constraint: "notes_pkey",
      message: expect.stringContaining("duplicate key") as string,
    });
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into notes (id, body) values (5, 'lost')");
        await tx.query("insert into notes (id, body) values (1, 'again')");
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect(await bodies()).toEqual(["first", "kept", "inside, changed"]);
  });

  it("dumps its files as a gzipped tarball", async () => {
    const dump = await thread.dumpDataDir("gzip");
    const bytes = new Uint8Array(await dump.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    expect(bytes.length).toBeGreaterThan(100_000);
  });
});

describe("opening and closing the embedded database's thread", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "studyzed-thread-"));
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
      const attempt = PgliteThread.open({
        dir: path.join(dataDir, "pglite"),
        holder: "this test",
      });
      await expect(attempt).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(attempt).rejects.toThrow("is in use by the StudyZed server");
      expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
    } finally {
      holder.kill();
    }
  });

  it("lets go of the folder when closed, and refuses queries after", async () => {
    const dataDir = path.join(folder, "closed");
    const thread = await PgliteThread.open({
      dir: path.join(dataDir, "pglite"),
      holder: "this test",
    });
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(true);
    await thread.close();
    expect(thread.closed).toBe(true);
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
    await expect(thread.query("select 1")).rejects.toThrow("the embedded database is closed");
    // Open again: the folder is free, and the database is the one left.
    const again = await PgliteThread.open({
      dir: path.join(dataDir, "pglite"),
      holder: "this test",
    });
    expect((await again.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
    await again.close();
  }, 60_000);

  it("hands the thread begun early to the open of the same folder, and not to another", async () => {
    const earlyDir = path.join(folder, "early", "pglite");
    PgliteThread.openEarly({ dir: earlyDir, holder: "the early open" });
    const other = await PgliteThread.open({
      dir: path.join(folder, "other", "pglite"),
      holder: "this test",
    });
    const taken = await PgliteThread.open({ dir: earlyDir, holder: "this test" });
    try {
      // The early open named its own holder in the lock.
      const lock = await readFile(path.join(folder, "early", "pglite.lock"), "utf8");
      expect(JSON.parse(lock)).toMatchObject({ holder: "the early open" });
      expect(existsSync(path.join(folder, "other", "pglite.lock"))).toBe(true);
    } finally {
      await taken.close();
      await other.close();
    }
  }, 60_000);
});
