/**
 * The name a material's file downloads as (docs/decisions/0038-uploads-that-say-what-they-stored.md):
 * the catalogue's, never the name of the file an admin happened to upload. A new file keeps
 * the name students already know, with its own extension; a material that had no file of
 * its own is named after its subject, year and title.
 */
export function downloadName({
  current,
  subject,
  year,
  title,
  extension,
}: {
  /** The name of the file being replaced, if the material has one. */
  current: string | null;
  subject: string | null;
  year: number | null;
  title: string;
  /** The new file's, with its dot: ".pdf". */
  extension: string;
}): string {
  const dot = current?.lastIndexOf(".") ?? -1;
  const base = current
    ? current.slice(0, dot > 0 ? dot : undefined)
    : [subject, year, title].filter(Boolean).join(" ");
  return `${base}${extension}`;
}
