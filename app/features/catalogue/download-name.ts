type NameParts = {
  current: string | null;
  subject: string | null;
  year: number | null;
  title: string;
  extension: string;
};

/** Never the uploaded file's name (docs/decisions/0038-uploads-that-say-what-they-stored.md). */
export function downloadName({ current, subject, year, title, extension }: NameParts): string {
  const dot = current?.lastIndexOf(".") ?? -1;
  const base = current
    ? current.slice(0, dot > 0 ? dot : undefined)
    : [subject, year, title].filter(Boolean).join(" ");
  return `${base}${extension}`;
}
