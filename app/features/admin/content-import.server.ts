import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { Database } from "#database/client.server";
import * as catalogue from "#app/features/catalogue/public.server";
import * as downloads from "#app/features/downloads/public.server";
import {
  commandArgs,
  CommandRefused,
  configWithoutSecret,
  runCommand,
  terminalIo,
  UsageError,
  withCommandDatabase,
  type Env,
} from "#app/lib/command-line.server";
import type { CommandHandler } from "#app/lib/command-socket.server";
import { openConfiguredStorage } from "#app/lib/configured-storage.server";
import { StorageUnavailableError, type FileStorage } from "#app/lib/file-storage.server";
import { UploadError } from "#app/lib/multipart.server";
import type { Actor } from "./audit.server";
import { auditedReplaceMaterialFile, auditedReplaceMaterialImage } from "./audited-changes.server";

const IMPORTER: Actor = { id: null, username: "content:import" };

type ImportOutcome = "stored" | "already in place" | "refused" | "would store";
type ImportRun = {
  db: Database;
  storage: FileStorage;
  dryRun: boolean;
  byKey: ReadonlyMap<string, catalogue.AdminMaterial>;
};

// docs/content-import.md. A file already behind its entry is left alone, so a run broken
// off is finished by running it again.
export async function importContent(options: Omit<ImportRun, "byKey"> & { source: string }) {
  const { db, dryRun, source } = options;
  const [materials, entries] = await Promise.all([
    catalogue.listMaterialsForAdmin({ db }),
    catalogue.listNamedEntries({ db }),
  ]);
  const plan = await planFrom(source, entries);
  const lines: string[] = [];
  const counts = { stored: 0, "already in place": 0, refused: 0, "would store": 0, "left out": 0 };
  const run = { ...options, byKey: new Map(materials.map((row) => [row.key, row])) };
  for (const file of plan.planned) {
    const { outcome, detail } = await importOne(run, file);
    counts[outcome]++;
    lines.push(`${outcome}: ${file.source} → ${file.role} of ${file.key}${detail}`);
  }
  for (const { source: left, reason } of plan.unplaced) {
    counts["left out"]++;
    lines.push(`left out: ${left} (${reason})`);
  }
  lines.push(
    dryRun
      ? `Dry run: ${counts["would store"]} would be stored, ${counts["already in place"]} already in place, ${counts.refused} refused, ${counts["left out"]} left out. Nothing was changed.`
      : `${counts.stored} stored, ${counts["already in place"]} already in place, ${counts.refused} refused, ${counts["left out"]} left out.`,
  );
  const [after, names] = await Promise.all([
    catalogue.listMaterialsForAdmin({ db }),
    catalogue.subjectNamesBySlug({ db }),
  ]);
  const { inAll, pages } = catalogue.coverageReport(after, names);
  lines.push(inAll, ...pages.map((page) => page.line));
  return { lines, counts };
}

async function planFrom(
  source: string,
  entries: readonly catalogue.NamedEntry[],
): Promise<catalogue.ImportPlan> {
  if ((await stat(source)).isDirectory()) {
    const files = (await readdir(source, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(source, path.join(entry.parentPath, entry.name)))
      .sort();
    const plan = catalogue.planFolderImport(files, entries);
    const inFolder = (file: catalogue.PlannedFile) => ({
      ...file,
      source: path.join(source, file.source),
    });
    return { planned: plan.planned.map(inFolder), unplaced: plan.unplaced };
  }
  const format = path.extname(source).toLowerCase() === ".json" ? "json" : "csv";
  const manifest = catalogue.parseManifest(await readFile(source, "utf8"), format);
  if ("problem" in manifest) throw new ImportRefused(manifest.problem);
  const beside = path.dirname(source);
  const elsewhere = manifest.rows.find((row) => fileOnThisMachine(row.file, beside) === null);
  if (elsewhere)
    throw new ImportRefused(
      `The manifest names files that are not on this machine (only paths and file:// URLs are read): ${elsewhere.file}`,
    );
  return catalogue.planManifestImport(
    manifest.rows.map(({ key, file }) => ({ key, source: fileOnThisMachine(file, beside)! })),
    entries,
  );
}

function fileOnThisMachine(file: string, beside: string): string | null {
  if (/^file:\/\//i.test(file)) {
    try {
      return fileURLToPath(file);
    } catch {
      return null; // file://another-host/…: not this machine
    }
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(file)) return null;
  return path.resolve(beside, file);
}

export class ImportRefused extends CommandRefused {
  override name = "ImportRefused";
}

async function importOne(
  { db, storage, dryRun, byKey }: ImportRun,
  file: catalogue.PlannedFile,
): Promise<{ outcome: ImportOutcome; detail: string }> {
  const refused = (reason: string) => ({ outcome: "refused" as const, detail: ` (${reason})` });
  const found = await stat(file.source).catch(() => null);
  if (!found) return refused("the file cannot be read");
  if (!found.isFile()) return refused("not a file");
  if (found.size > downloads.MAX_UPLOAD_BYTES)
    return refused(`larger than ${downloads.MAX_UPLOAD_BYTES / 1_000_000} MB`);
  const material = byKey.get(file.key)!;
  const wanted = kindWanted(file.role, material.kind);
  if (!wanted) return refused("only podcast episodes and video lessons take audio or video");
  const bytes = await readFile(file.source);
  if (!downloads.accepts(wanted, downloads.detectFileType(bytes)))
    return refused(downloads.NOT_ACCEPTED[wanted]);
  try {
    if (file.role === "cover") {
      // What the site would serve is compared, not the upload: the cover is its WebP.
      const picture = await downloads.webpCover(bytes, material.kind);
      const src = downloads.storedImageAddress({
        sha256: sha256Of(picture),
        fileName: "cover.webp",
      });
      if (material.image === src) return { outcome: "already in place", detail: "" };
      if (dryRun) return { outcome: "would store", detail: "" };
      const { sha256, byteSize } = await storage.save(picture);
      const fileName = `${path.basename(file.source, path.extname(file.source))}.webp`;
      await auditedReplaceMaterialImage({
        db,
        actor: IMPORTER,
        key: file.key,
        image: { src, file: { sha256, byteSize, contentType: "image/webp", fileName } },
      });
      return { outcome: "stored", detail: "" };
    }
    if (material.sha256 === sha256Of(bytes) && material.isSample === false)
      return { outcome: "already in place", detail: "" };
    if (wanted === "pdf") {
      const refusal = await downloads.unusablePdfRefusal(bytes);
      if (refusal) return refused(refusal);
    }
    if (dryRun) return { outcome: "would store", detail: "" };
    const received = await downloads.saveUpload({
      storage,
      stream: createReadStream(file.source),
      fileName: path.basename(file.source),
      accept: wanted,
    });
    await auditedReplaceMaterialFile({ db, actor: IMPORTER, key: file.key, file: received });
    return {
      outcome: "stored",
      detail: await downloads.makeLiteCopyNow({ db, storage, file: received }),
    };
  } catch (error) {
    if (error instanceof UploadError) return refused(error.message);
    if (StorageUnavailableError.is(error)) return refused(downloads.storeUnreachable().message);
    throw error;
  }
}

function kindWanted(
  role: catalogue.PlannedFile["role"],
  kind: catalogue.AdminMaterial["kind"],
): downloads.UploadKind | null {
  if (role === "file") return "pdf";
  if (role === "cover") return "cover";
  if (kind === "podcast_episode") return "audio";
  if (kind === "video_lesson") return "video";
  return null;
}

const sha256Of = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

const USAGE =
  "Usage: npm run content:import -- PATH [--dry-run]   (PATH: a folder, or a .csv or .json manifest)";

export function runContentImport(argv: string[], io = terminalIo, env: Env = process.env) {
  return runCommand(io, USAGE, async () => {
    const { values, positionals } = commandArgs({
      args: argv,
      options: { "dry-run": { type: "boolean", default: false } },
      allowPositionals: true,
    });
    const [source, ...more] = positionals;
    if (!source || more.length > 0) throw new UsageError();
    if (!existsSync(source)) throw new CommandRefused(`There is no file or folder at ${source}.`);
    const config = configWithoutSecret(env, "content:import");
    const storage = await openConfiguredStorage(config);
    const request: ImportRequest = { source: path.resolve(source), dryRun: values["dry-run"] };
    const report = await withCommandDatabase(
      config,
      {
        holder: "content:import",
        doing: "import",
        viaServer: {
          command: "content:import",
          request,
          io: { ask: () => Promise.reject(new ImportRefused("The import asks nothing.")) },
          parse: (result) => ImportReportSchema.parse(result),
        },
      },
      ({ db }) => importReport({ db, storage, ...request }),
    );
    for (const line of report.lines) io.out(line);
    return report.refused > 0 ? 1 : 0;
  });
}

const ImportRequestSchema = z.strictObject({
  source: z.string().min(1).max(4_096),
  dryRun: z.boolean(),
});
type ImportRequest = z.infer<typeof ImportRequestSchema>;
const ImportReportSchema = z.strictObject({
  lines: z.array(z.string()),
  refused: z.number().int(),
});

async function importReport(run: Omit<ImportRun, "byKey"> & ImportRequest) {
  const { lines, counts } = await importContent(run);
  return { lines, refused: counts.refused };
}

/** The import run by the serving process for a command typed beside it (app/lib/command-socket.server.ts). */
export function contentImportOnServer({ db, storage }: { db: Database; storage: FileStorage }) {
  const handler: CommandHandler = async (request) => {
    const parsed = ImportRequestSchema.safeParse(request);
    if (!parsed.success) throw new ImportRefused("The import's request could not be read.");
    if (!existsSync(parsed.data.source))
      throw new ImportRefused(`There is no file or folder at ${parsed.data.source}.`);
    return importReport({ db, storage, ...parsed.data });
  };
  return handler;
}
