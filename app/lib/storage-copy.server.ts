import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { ConfigError } from "#server/config";
import {
  commandArgs,
  configWithoutSecret,
  runCommand,
  terminalIo,
  UsageError,
  type Env,
} from "./command-line.server";
import { openConfiguredStorage } from "./configured-storage.server";
import { filesDir, ifMissing, type FileStorage } from "./file-storage.server";

const USAGE = "Usage: npm run storage:copy -- --to s3";
const STORED = /^([0-9a-f]{2})[\\/](\1[0-9a-f]{62})$/;
const AT_ONCE = 4;

// Skipping files already copied, a run broken off is resumed by running it again.
export function runStorageCopy(argv: string[], io = terminalIo, env: Env = process.env) {
  return runCommand(io, USAGE, async () => {
    const { to } = commandArgs({ args: argv, options: { to: { type: "string" } } }).values;
    if (to !== "s3") throw new UsageError();
    const config = configWithoutSecret(env, "storage:copy");
    if (config.storage.kind !== "s3")
      throw new ConfigError(
        "Invalid configuration: STORAGE_URL must be the s3:// store to copy the files into",
      );
    const target = await openConfiguredStorage(config);
    const root = filesDir(config.dataDir);
    const queue = await storedFiles(root);
    io.out(`${queue.length} files in ${root}`);
    const counts = { copied: 0, skipped: 0, failed: 0 };
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        for (let sha256 = queue.shift(); sha256; sha256 = queue.shift()) {
          try {
            counts[await copyOne(root, sha256, target)]++;
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
  });
}

async function storedFiles(root: string): Promise<string[]> {
  const names = await readdir(root, { recursive: true }).catch(ifMissing([]));
  return names.flatMap((name) => STORED.exec(name)?.[2] ?? []).sort();
}

async function copyOne(root: string, sha256: string, target: FileStorage) {
  if (await target.has(sha256)) return "skipped";
  const file = path.join(root, sha256.slice(0, 2), sha256);
  const stored = await target.saveStream(createReadStream(file), { maxBytes: Infinity });
  if (stored.sha256 !== sha256)
    throw new Error(`the file on disk does not match its name: its bytes hash to ${stored.sha256}`);
  const hash = createHash("sha256");
  for await (const chunk of await target.open(sha256)) hash.update(chunk as Buffer);
  const readBack = hash.digest("hex");
  if (readBack !== sha256) throw new Error(`the copy read back hashes to ${readBack}`);
  return "copied";
}
