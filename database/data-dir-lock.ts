import { readFileSync } from "node:fs";
import { open, readFile, rm } from "node:fs/promises";
import path from "node:path";

/** The embedded database's folder is open in another process. */
export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
}

type LockRecord = { pid: number; holder: string; since: string };

/**
 * PGlite has no lock of its own, and two processes opening one folder corrupt it
 * (docs/decisions/0020-content-management.md). Every process that opens DATA_DIR's database takes this lock first; a lock
 * left by a process that no longer runs is taken over.
 */
export async function lockDataDir(
  dataDir: string,
  holder: string,
): Promise<{ release(): Promise<void> }> {
  const file = path.join(dataDir, "pglite.lock");
  const record: LockRecord = { pid: process.pid, holder, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, "wx", 0o600);
      await handle.writeFile(JSON.stringify(record));
      await handle.close();
      return {
        async release() {
          const current = await readLock(file);
          if (current?.pid === process.pid) await rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const current = await readLock(file);
      if (current && current.pid !== process.pid && isRunning(current.pid)) {
        throw new DataDirInUseError(
          `${dataDir} is in use by ${current.holder} (process ${current.pid}); the embedded database allows one process at a time`,
        );
      }
      await rm(file, { force: true });
    }
  }
  throw new DataDirInUseError(`could not lock ${dataDir}`);
}

const readLock = (file: string) =>
  readFile(file, "utf8")
    .then((text) => JSON.parse(text) as LockRecord)
    .catch(() => null);

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  return !isZombie(pid);
}

/**
 * A process killed outright stays a zombie until its parent reaps it, and signals still
 * reach it; it holds no files, so its lock is left (Linux says so in /proc).
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return false;
  }
}
