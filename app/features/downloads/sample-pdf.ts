// A fresh install's placeholder (docs/requirements.md#downloads-and-files), with no PDF library.
export function samplePdf({ title, lines }: { title: string; lines: readonly string[] }): Buffer {
  const heading = `Sample \u2013 ${title}`;
  const content = [
    "BT",
    "/F1 22 Tf",
    "56 770 Td",
    `(${pdfText(heading)}) Tj`,
    "/F1 12 Tf",
    "0 -36 Td",
    ...lines.flatMap((line) => [`(${pdfText(line)}) Tj`, "0 -18 Td"]),
    "ET",
  ].join("\n");

  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfUnicodeString(heading)} /Producer (StudyZed) >>`,
  ];

  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

// Windows-1252 code points that differ from Latin-1.
const WIN_ANSI: Record<string, string> = {
  "\u2013": "\x96",
  "\u2014": "\x97",
  "\u2018": "\x91",
  "\u2019": "\x92",
  "\u201c": "\x93",
  "\u201d": "\x94",
};

function pdfText(text: string): string {
  return [...text]
    .map((char) => WIN_ANSI[char] ?? (char.charCodeAt(0) < 256 ? char : "?"))
    .join("")
    .replace(/[\\()]/g, (char) => `\\${char}`);
}

/** UTF-16BE with its byte-order mark, for text outside WinAnsi. */
function pdfUnicodeString(text: string): string {
  return `<FEFF${Buffer.from(text, "utf16le").swap16().toString("hex").toUpperCase()}>`;
}
