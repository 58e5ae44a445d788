import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { filesDir, type FileStorage } from "#app/lib/file-storage.server";
import { terminalIo, type CommandIo } from "./command-line";
import { ConfigError, parseConfig } from "./config";
import { openConfiguredStorage } from "./storage";

const USAGE = "Usage: npm run storage:copy -- --to s3";
const SHA256 = /^[0-9a-f]{64}$/;
/** Files copied at once: enough to keep a remote store busy, few enough for a small machine. */
const AT_ONCE = 4;

/**
 * `npm run storage:copy -- --to s3`: copies every file of the disk store (DATA_DIR/files)
 * into the S3 store that STORAGE_URL and the S3_* settings name, skipping those already
 * there and reading each copy back to check its sha256. Rerunning it copies only what is
 * missing, so a run broken off is resumed by running it again. Returns the exit code.
 */
export async function runStorageCopy(
  argv: string[],
  io: CommandIo = terminalIo,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  let to;
  try {
    to = parseArgs({ args: argv, options: { to: { type: "string" } }, strict: true }).values.to;
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (to !== "s3") {
    io.err(USAGE);
    return 2;
  }
  let target: FileStorage;
  let dataDir: string;
  try {
    // The JWT secret plays no part in a copy: none is read or made in DATA_DIR for it.
    const config = parseConfig(env, () => "unused by storage:copy".padEnd(32, "."));
    if (config.storage.kind !== "s3")
      throw new ConfigError(
        "Invalid configuration: STORAGE_URL must be the s3:// store to copy the files into",
      );
    dataDir = config.dataDir;
    target = await openConfiguredStorage(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }

  const root = filesDir(dataDir);
  const files = await storedFiles(root);
  io.out(`${files.length} files in ${root}`);
  const counts = { copied: 0, skipped: 0, failed: 0 };
  const queue = [...files];
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let sha256 = queue.shift(); sha256; sha256 = queue.shift()) {
        try {
          const outcome = await copyOne(root, sha256, target);
          counts[outcome]++;
        } catch (error) {
          counts.failed++;
          io.err(`failed ${sha256}: ${(error as Error).message}`);
        }
      }
    }),
  );
  io.out(
    `copied ${counts.copied}, skipped ${counts.skipped} (already there), failed ${counts.failed}`,
  );
  return counts.failed > 0 ? 1 : 0;
}

/** Every file under root/<aa>/ named by a sha256 starting with aa: the disk store's files. */
async function storedFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  let folders: string[];
  try {
    folders = await readdir(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  for (const folder of folders.filter((name) => /^[0-9a-f]{2}$/.test(name)).sort()) {
    const entries = await readdir(path.join(root, folder), { withFileTypes: true });
    for (const entry of entries) {
      if (entry.isFile() && SHA256.test(entry.name) && entry.name.startsWith(folder))
        found.push(entry.name);
    }
  }
  return found.sort();
}

async function copyOne(
  root: string,
  sha256: string,
  target: FileStorage,
): Promise<"copied" | "skipped"> {
  if (await target.has(sha256)) return "skipped";
  const file = path.join(root, sha256.slice(0, 2), sha256);
  const stored = await target.saveStream(createReadStream(file), {
    maxBytes: Number.MAX_SAFE_INTEGER,
  });
  if (stored.sha256 !== sha256)
    throw new Error(`the file on disk does not match its name: its bytes hash to ${stored.sha256}`);
  // Read back from the store: what students will be sent is what was on disk.
  const hash = createHash("sha256");
  for await (const chunk of await target.open(sha256)) hash.update(chunk as Buffer);
  const readBack = hash.digest("hex");
  if (readBack !== sha256) throw new Error(`the copy read back hashes to ${readBack}`);
  return "copied";
}
