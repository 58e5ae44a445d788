/**
 * What a student sees before tapping a download: its type and size ("PDF, 1.2 MB") and,
 * when the site knows what data costs, an estimate in kwacha ("about K0.30 of data").
 */
export function describeDownload({
  contentType,
  byteSize,
  pricePerMb,
}: {
  contentType: string;
  byteSize: number;
  /** Kwacha per megabyte of mobile data; leave out to show no estimate. */
  pricePerMb?: number;
}): { size: string; cost: string | null } {
  const size = `${fileTypeName(contentType)}, ${formatBytes(byteSize)}`;
  const kwacha = dataCost(byteSize, pricePerMb);
  if (kwacha === null) return { size, cost: null };
  return { size, cost: kwacha === "" ? "less than K0.01 of data" : `about ${kwacha} of data` };
}

/**
 * A PDF that has a lite copy, as its link says so, Lite first: "Lite, 2.1 MB · K0.40" and
 * "Full, 11.8 MB · K2.20". Shorter than one copy's words, since two share the line.
 */
export function describeCopies({
  liteBytes,
  fullBytes,
  pricePerMb,
}: {
  liteBytes: number;
  fullBytes: number;
  pricePerMb?: number;
}): { lite: string; full: string } {
  const copy = (name: string, bytes: number) => {
    const kwacha = dataCost(bytes, pricePerMb);
    const cost = kwacha === null ? "" : ` · ${kwacha || "under K0.01"}`;
    return `${name}, ${formatBytes(bytes)}${cost}`;
  };
  return { lite: copy("Lite", liteBytes), full: copy("Full", fullBytes) };
}

/** "K0.30"; "" below a ngwee; null when the price of data is not known. */
function dataCost(bytes: number, pricePerMb: number | undefined): string | null {
  if (pricePerMb === undefined) return null;
  const kwacha = (bytes / 1_000_000) * pricePerMb;
  return kwacha < 0.01 ? "" : `K${kwacha.toFixed(2)}`;
}

/** Decimal units, as phones and data bundles count them (1 MB = 1,000,000 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1_000))} KB`;
  if (bytes < 1_000_000_000) return `${oneDecimalBelowTen(bytes / 1_000_000)} MB`;
  return `${oneDecimalBelowTen(bytes / 1_000_000_000)} GB`;
}

/** "1.2 MB" but "13 MB": a tenth matters for small files only. */
function oneDecimalBelowTen(value: number): string {
  if (value >= 10) return String(Math.round(value));
  const shown = value.toFixed(1);
  return shown.endsWith(".0") ? shown.slice(0, -2) : shown;
}

const TYPE_NAMES: Record<string, string> = {
  "application/pdf": "PDF",
  "application/vnd.android.package-archive": "Android app",
  "image/webp": "Image",
  "image/png": "Image",
  "image/jpeg": "Image",
  "audio/ogg": "Audio",
  "audio/mpeg": "Audio",
  "video/webm": "Video",
  "video/mp4": "Video",
};

function fileTypeName(contentType: string): string {
  return TYPE_NAMES[contentType.split(";")[0]!.trim()] ?? "File";
}
