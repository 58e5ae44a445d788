import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, pgliteDir } from "#database/client.server";
import { createTestUser, sessionCookieFor } from "#tests/setup/accounts";
import { startProductionServer } from "#tests/setup/production-server";

/** A student who has answered far more than anyone could: the export's worst case. */
const EXPORT_ATTEMPTS = 100_000;
const PROBE_EVERY_MS = 5;
/** The longest a "Download my data" may hold every other request (docs/security.md#work-per-client). */
const TARGET_HOLD_MS = 50;

/**
 * "Download my data" for a student with EXPORT_ATTEMPTS attempts, while another client asks
 * for a cached page every PROBE_EVERY_MS: a cached page takes a millisecond or two, so the
 * slowest probe during the export is about the longest the export held the event loop.
 */
export async function benchDataExport() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "studyzed-bench-export-"));
  try {
    await (await startProductionServer({ dataDir, env: { LOG_LEVEL: "warn" } })).stop();
    const database = await openDatabase({ kind: "pglite", dir: pgliteDir(dataDir) });
    const { id } = await createTestUser(database.db, "keen_exporter");
    await database.db.execute(sql`
      insert into quiz_attempts (id, user_id, quiz, answers, score, total, percentage, grade, answered_at)
      select 'export-' || g, ${id}, 'introduction_to_physics', 'BCABACCAAC', 7, 10, 70,
             'B: Merit', now() - g * interval '1 minute'
      from generate_series(1, ${EXPORT_ATTEMPTS}) g`);
    // As the database's thread does a minute after each start, and hourly (database/pglite-worker.js).
    await database.db.execute(sql`analyze`);
    await database.close();

    const server = await startProductionServer({ dataDir, env: { LOG_LEVEL: "warn" } });
    try {
      const cookie = await sessionCookieFor(server.url, "keen_exporter");
      const probe = async () => {
        const started = performance.now();
        await (await fetch(`${server.url}/`)).arrayBuffer();
        return performance.now() - started;
      };
      for (let warm = 0; warm < 50; warm++) await probe();
      const quiet = await probesWhile(probe, new Promise((resolve) => setTimeout(resolve, 2_000)));

      const started = performance.now();
      const exported = fetch(`${server.url}/account/data`, {
        method: "POST",
        headers: { cookie, origin: server.url },
      }).then((response) => response.arrayBuffer());
      const during = await probesWhile(probe, exported);
      const bytes = (await exported).byteLength;
      const seconds = (performance.now() - started) / 1000;

      console.log(
        `\n"Download my data" with ${EXPORT_ATTEMPTS.toLocaleString("en")} attempts (embedded database; a cached page asked every ${PROBE_EVERY_MS} ms meanwhile); target: slowest probe under ${TARGET_HOLD_MS} ms:`,
      );
      console.log("when | probes | median ms | p99 ms | slowest ms");
      console.log(row("no export", quiet));
      console.log(row("during the export", during));
      console.log(`export: ${(bytes / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(2)} s`);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function probesWhile(probe: () => Promise<number>, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  while (!done) {
    times.push(await probe());
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
  return times.sort((a, b) => a - b);
}

function row(when: string, sorted: number[]) {
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? NaN;
  return [when, sorted.length, at(0.5).toFixed(1), at(0.99).toFixed(1), at(1).toFixed(1)].join(
    " | ",
  );
}
