/** RFC 6266: a plain-ASCII name for old clients, the exact name percent-encoded for the rest. */
export function contentDisposition(disposition: "attachment" | "inline", fileName: string): string {
  const ascii = fileName
    .normalize("NFKD")
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/["\\/]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii || "download"}"; filename*=UTF-8''${encoded}`;
}
