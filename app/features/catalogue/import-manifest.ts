import { z } from "zod";

const JsonManifestSchema = z.array(
  z.strictObject({ key: z.string().trim().min(1), file: z.string().trim().min(1) }),
);
type ManifestRow = z.infer<typeof JsonManifestSchema>[number];

/** A bulk import's manifest (docs/content-import.md), checked whole: one bad row imports nothing. */
export function parseManifest(text: string, format: "csv" | "json") {
  if (format === "json") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { problem: "The manifest is not valid JSON." };
    }
    const rows = JsonManifestSchema.safeParse(parsed);
    if (!rows.success)
      return { problem: 'The manifest must be a list of { "key": "…", "file": "…" }.' };
    return { rows: rows.data };
  }
  const lines = csvRecords(text);
  if ("problem" in lines) return lines;
  const [header, ...records] = lines.records;
  const columns = (header ?? []).map((name) => name.trim().toLowerCase());
  const keyAt = columns.indexOf("key");
  const fileAt = columns.indexOf("file");
  if (keyAt < 0 || fileAt < 0)
    return { problem: "The manifest's first line must name its columns, key and file." };
  const rows: ManifestRow[] = [];
  for (const [index, record] of records.entries()) {
    if (record.every((field) => field.trim() === "")) continue;
    const key = record[keyAt]?.trim() ?? "";
    const file = record[fileAt]?.trim() ?? "";
    if (!key || !file)
      return { problem: `Line ${index + 2} of the manifest lacks a key or a file.` };
    rows.push({ key, file });
  }
  return { rows };
}

/** RFC 4180: quoted fields may hold "" for a quote, commas and line breaks. */
function csvRecords(text: string): { records: string[][] } | { problem: string } {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"';
        at++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === "") quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[at + 1] === "\n") at++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += char;
  }
  if (quoted) return { problem: "The manifest has a quote that is never closed." };
  if (field !== "" || record.length > 0) records.push([...record, field]);
  return { records };
}
