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
  if (pricePerMb === undefined) return { size, cost: null };
  const kwacha = (byteSize / 1_000_000) * pricePerMb;
  return {
    size,
    cost: kwacha < 0.01 ? "less than K0.01 of data" : `about K${kwacha.toFixed(2)} of data`,
  };
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
