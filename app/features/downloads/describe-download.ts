export function describeDownload({
  contentType,
  byteSize,
  pricePerMb,
}: {
  contentType: string;
  byteSize: number;
  pricePerMb?: number;
}): { size: string; cost: string | null } {
  const size = `${fileTypeName(contentType)}, ${formatBytes(byteSize)}`;
  const kwacha = dataCost(byteSize, pricePerMb);
  if (kwacha === null) return { size, cost: null };
  return { size, cost: kwacha === "" ? "less than K0.01 of data" : `about ${kwacha} of data` };
}

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

function dataCost(bytes: number, pricePerMb: number | undefined): string | null {
  if (pricePerMb === undefined) return null;
  const kwacha = (bytes / 1_000_000) * pricePerMb;
  return kwacha < 0.01 ? "" : `K${kwacha.toFixed(2)}`;
}

/** Decimal units, as phones and data bundles count them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1_000))} KB`;
  if (bytes < 1_000_000_000) return `${oneDecimalBelowTen(bytes / 1_000_000)} MB`;
  return `${oneDecimalBelowTen(bytes / 1_000_000_000)} GB`;
}

function oneDecimalBelowTen(value: number): string {
  // Number() drops a trailing ".0": 1.0 MB is "1 MB".
  return String(value >= 10 ? Math.round(value) : Number(value.toFixed(1)));
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
