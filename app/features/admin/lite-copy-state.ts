import { formatBytes } from "#app/features/downloads/public.server";

type Entry = {
  externalUrl: string | null;
  byteSize: number | null;
  contentType: string | null;
  liteByteSize: number | null;
};
/** What was decided when the copy was tried: its size, or why none was made. */
type Outcome = { liteByteSize: number | null; reason: string | null } | undefined;

/** "Lite copy: 60 KB, 24.3× smaller", or why there is none (docs/decisions/0064-lite-pdf-copies.md). */
export function liteCopyState(
  entry: Entry,
  { wanted, outcome }: { wanted: boolean; outcome?: Outcome },
) {
  if (entry.externalUrl) return "No lite copy: the file is served from elsewhere.";
  if (entry.byteSize === null) return "No lite copy: no file yet.";
  const lite = entry.liteByteSize ?? outcome?.liteByteSize ?? null;
  if (lite !== null)
    return `Lite copy: ${formatBytes(lite)}, ${(entry.byteSize / lite).toFixed(1)}× smaller than the full ${formatBytes(entry.byteSize)}.`;
  if (entry.contentType !== "application/pdf") return "No lite copy: only PDFs have one.";
  if (!wanted) return "No lite copy: the PDF is under 1 MB, small enough already.";
  if (outcome?.reason) return `No lite copy: ${outcome.reason}.`;
  return "No lite copy yet: it is being made.";
}
