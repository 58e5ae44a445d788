/** One cell: quoted when it must be, and never read as a formula by a spreadsheet (OWASP CSV injection). */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Lines end in CRLF (RFC 4180), which every spreadsheet opens. */
export const csvText = (rows: readonly (readonly (string | number)[])[]) =>
  rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
