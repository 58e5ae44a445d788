import type { Database } from "#database/client.server";
import { contentVersion } from "#database/schema";
import { createResponseCache } from "./response-cache";

/**
 * How long a kept answer is trusted when other server processes share the database: a change
 * made by one of them arrives as a notification (server/content-change-bus.ts), and these
 * five seconds bound how late it shows should that notification be lost
 * (docs/decisions/0052-one-cache-for-all-servers.md). Past them the content's version is read,
 * and the answer made again only if it changed
 * (docs/decisions/0061-kept-answers-confirmed-by-content-version.md).
 */
const SHARED_DATABASE_TTL_MS = 5_000;

/**
 * On the embedded database this process is the only writer, and every change it makes passes
 * through `contentChanged()`: nothing goes stale behind its back. The hour bounds only what
 * changes with time alone (the footer's year), and spares a 1 MB /List/ at 2,000 articles a
 * rebuild every five seconds (docs/decisions/0059-answers-kept-until-changed.md).
 */
const ONLY_WRITER_TTL_MS = 3_600_000;

/** However often an answer is confirmed, it is made again after an hour (the footer's year). */
const LONGEST_KEPT_MS = 3_600_000;

/**
 * Answers that are the same for every student (content pages, the older app's JSON), kept
 * by server/response-cache.ts.
 */
export const sharedResponses = createResponseCache({
  ttlMs: SHARED_DATABASE_TTL_MS,
  longestMs: LONGEST_KEPT_MS,
  maxEntries: 1000,
});

/**
 * Set when the server opens its database. This process alone writes to it (the embedded
 * database), or others may too: then `db` is where the content's version is read. Neither
 * (development, where the code changes too): answers last five seconds.
 */
export function setContentWriters(
  writers: { onlyWriter: true } | { onlyWriter: false; db?: Database },
) {
  if (writers.onlyWriter) return sharedResponses.setFreshness({ ttlMs: ONLY_WRITER_TTL_MS });
  const { db } = writers;
  sharedResponses.setFreshness({
    ttlMs: SHARED_DATABASE_TTL_MS,
    readVersion: db && (() => readContentVersion(db)),
  });
}

/** The count of changes made to content, by anyone (database/schema/site-state.ts). */
export async function readContentVersion(db: Database): Promise<number | undefined> {
  const [row] = await db.select({ version: contentVersion.version }).from(contentVersion);
  return row?.version;
}

let tellOtherProcesses: (() => Promise<void>) | undefined;

/**
 * How this process tells the others sharing its database that content changed (set by
 * server/app.ts when there are others; undefined on the embedded database).
 */
export function setContentChangePublisher(publish: (() => Promise<void>) | undefined) {
  tellOtherProcesses = publish;
}

/** Call after any change to what students see: every kept answer, in every process, is dropped. */
export function contentChanged() {
  sharedResponses.invalidate();
  void tellOtherProcesses?.();
}

/** Drops this process's kept answers, telling no one (another process changed content). */
export function clearLocalContentCaches() {
  sharedResponses.invalidate();
}
