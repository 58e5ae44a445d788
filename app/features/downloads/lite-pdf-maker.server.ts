import { constants, inflateSync } from "node:zlib";
import {
  decodePDFRawStream,
  PDFArray,
  PDFBool,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
  type PDFObject,
} from "@cantoo/pdf-lib";
import sharp from "sharp";
import { MAX_PICTURE_PIXELS } from "./file-types";
import type { LiteCopy, PdfProblem } from "./lite-pdf.server";

// Only pictures are re-encoded (docs/decisions/0064-lite-pdf-copies.md): text stays text.
export const LITE_DPI = 110;
const KEEP_BELOW = 0.7;

const JPEG_QUALITY = 55;
const DECODED = { limitInputPixels: MAX_PICTURE_PIXELS };

export async function pdfProblem(bytes: Uint8Array): Promise<PdfProblem | null> {
  const opened = await openPdf(bytes);
  return "problem" in opened ? opened : null;
}

export async function makeLitePdf(bytes: Uint8Array): Promise<LiteCopy> {
  const opened = await openPdf(bytes);
  if ("problem" in opened) return { made: false, reason: opened.problem };
  try {
    return await lighten(bytes, opened);
  } catch (error) {
    // The file's problem, not a reason to retry.
    const why = error instanceof Error ? error.message : String(error);
    return { made: false, reason: `it could not be lightened (${why})` };
  }
}

async function lighten(
  bytes: Uint8Array,
  { document, protectedByPublisher }: { document: PDFDocument; protectedByPublisher: boolean },
): Promise<LiteCopy> {
  if (protectedByPublisher)
    return { made: false, reason: "its publisher protected it against changes" };
  const page = largestPage(document);
  let picturesLightened = 0;
  for (const [ref, object] of document.context.enumerateIndirectObjects()) {
    const picture = jpegPicture(document, object);
    if (!picture) continue;
    const lighter = await lightenPicture(picture, page);
    if (!lighter) continue;
    document.context.assign(ref, lighter);
    picturesLightened++;
  }
  if (picturesLightened === 0)
    return { made: false, reason: "it has no pictures that a lite copy would make smaller" };
  const lite = await document.save({ useObjectStreams: true, updateFieldAppearances: false });
  if (lite.byteLength > bytes.byteLength * KEEP_BELOW)
    return {
      made: false,
      reason: `a lite copy would save only ${Math.round((1 - lite.byteLength / bytes.byteLength) * 100)}% of it`,
    };
  return { made: true, bytes: lite, picturesLightened };
}

const DAMAGED = "it is damaged: it could not be read as a PDF";
const DISAGREES =
  "it is damaged: its index and its objects disagree, so two readers could show it differently";
const LOCKED = "it is locked with a password, so students could not open it";
/** Unpacked, in one part and in all, here or on a phone (docs/security.md#uploads). */
const MAX_UNPACKED_MB = { part: 100, all: 500 };
const UNPACKS_TOO_FAR = `it unpacks to more than ${MAX_UNPACKED_MB.all} MB, or ${MAX_UNPACKED_MB.part} MB in one part, more than a phone could open`;

// As a reader opens it, with no password: one locked only against changes opens, and says so.
async function openPdf(
  bytes: Uint8Array,
): Promise<{ document: PDFDocument; protectedByPublisher: boolean } | PdfProblem> {
  const file = asWritten(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  // Before the PDF library, which unpacks object streams whole as it reads them.
  if (unpacksTooFar(file.streams)) return { problem: UNPACKS_TOO_FAR };
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  } catch {
    return { problem: DAMAGED };
  }
  const protectedByPublisher = document.isEncrypted;
  if (protectedByPublisher) {
    try {
      document = await PDFDocument.load(bytes, { updateMetadata: false, password: "" });
    } catch {
      return { problem: LOCKED };
    }
  }
  try {
    if (document.getPageCount() === 0) return { problem: DAMAGED };
  } catch {
    return { problem: DAMAGED }; // no page tree at all
  }
  const parsed = [...document.context.enumerateIndirectObjects()].map(([, object]) => object);
  const found = [...namesInFile(file), ...parsed.flatMap((object) => namesIn(object, 0))];
  if (found.some((name) => RUNS.has(name))) return { problem: RUNS_SOMETHING };
  if (found.some((name) => GOES_OUT.has(name))) return { problem: GOES_OUT_OF_FILE };
  let streamEntries: IndexEntry[];
  try {
    streamEntries = indexStreamEntries(document);
  } catch {
    return { problem: DAMAGED }; // an index stream a reader could not read either
  }
  if (indexDisagrees(file, streamEntries)) return { problem: DISAGREES };
  return { document, protectedByPublisher };
}

const RUNS_SOMETHING = "it carries a script or a program to launch, which the site never serves";
const GOES_OUT_OF_FILE =
  "it sends a form, opens another file or carries a file inside it, which the site never serves";
/** Stands for what cannot be read as a name: a `javascript:` link, or nesting too deep. */
const UNREAD = "(a javascript: link, or nesting too deep)";
const SCRIPT_NAMES = ["JS", "JavaScript", "Launch", "ImportData", "Rendition", "XFA"];
const RUNS = new Set([...SCRIPT_NAMES, UNREAD]);
const GOES_OUT = new Set(["SubmitForm", "GoToR", "GoToE", "EmbeddedFile", "EmbeddedFiles"]);
const NESTED_TOO_DEEP = 32;

/** The keys and names in an object, nested values included; nothing unread is passed. */
function namesIn(object: PDFObject | undefined, depth: number): string[] {
  if (depth > NESTED_TOO_DEEP) return [UNREAD];
  const value = object instanceof PDFStream ? object.dict : object;
  if (value instanceof PDFName) return [value.decodeText()];
  if (value instanceof PDFString || value instanceof PDFHexString)
    return /^\s*javascript:/i.test(value.decodeText()) ? [UNREAD] : [];
  if (value instanceof PDFArray) return value.asArray().flatMap((item) => namesIn(item, depth + 1));
  if (!(value instanceof PDFDict)) return [];
  return value.entries().flatMap(([key, item]) => [key.decodeText(), ...namesIn(item, depth + 1)]);
}

/**
 * The file as written: the text between its streams (compressed data holds any bytes at all),
 * each part with its offset, and the bytes from where each `stream` keyword's data starts.
 */
type Written = {
  file: Buffer;
  parts: { at: number; text: string }[];
  streams: Buffer[];
  /** Object streams: objects packed inside, which the text between streams does not show. */
  packed: Buffer[];
};

function asWritten(file: Buffer): Written {
  const written: Written = { file, parts: [], streams: [], packed: [] };
  // Every `stream`, as the split below can be misled (a string holding `>>` and `stream`).
  for (let at = file.indexOf("stream"); at !== -1; at = file.indexOf("stream", at + 6)) {
    let data = at + 6;
    while ([32, 13, 10].includes(file[data] ?? 0)) data++;
    written.streams.push(file.subarray(data));
    // Its dictionary, and perhaps a little before it: a name cannot be hidden from this window
    // by a string that looks like the object's start.
    const before = file.toString("latin1", Math.max(0, at - 4096), at);
    if (/\/ObjStm\b/.test(decodedNames(before))) written.packed.push(file.subarray(data));
  }
  let from = 0;
  for (let at = file.indexOf("stream", from); at !== -1; at = file.indexOf("stream", at + 6)) {
    const before = file.subarray(Math.max(from, at - 64), at).toString("latin1");
    if (!/>>\s*$/.test(before) || ![10, 13].includes(file[at + 6] ?? 0)) continue;
    const end = file.indexOf("endstream", at + 6);
    written.parts.push({ at: from, text: file.toString("latin1", from, at) });
    if (end === -1) return written;
    from = at = end + 9;
  }
  written.parts.push({ at: from, text: file.toString("latin1", from) });
  return written;
}

const decodedNames = (text: string) =>
  text.replace(/#([\da-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The names written in the file, and in every object stream, whichever copy of an object the
 * index points at: `#xx` escapes decoded as a reader decodes them.
 */
function namesInFile({ parts, packed }: Written): string[] {
  const unpacked = packed.filter(isZlib).map((data) => {
    try {
      return inflated(data).toString("latin1");
    } catch {
      return ""; // not zlib after all: no reader unpacks it either
    }
  });
  const written = decodedNames([...parts.map(({ text }) => text), ...unpacked].join(" "));
  // A name ends at a delimiter or white space, never at a letter, digit or #.
  const names = [...SCRIPT_NAMES, ...GOES_OUT].filter((name) =>
    new RegExp(`/${name}(?![\\w#.-])`).test(written),
  );
  return /\(\s*javascript:/i.test(written) ? [...names, UNREAD] : names;
}

/**
 * Every stream's zlib data, whatever the dictionary before it says, is unpacked and counted
 * (unpacked again while it unpacks to zlib data). Zlib stops at its own end: a false
 * `endstream` inside the data hides nothing.
 */
function unpacksTooFar(streams: Buffer[]): boolean {
  let left = MAX_UNPACKED_MB.all * 1_000_000;
  for (const data of streams.filter(isZlib)) {
    const unpacked = unpackedBytes(data, Math.min(left, MAX_UNPACKED_MB.part * 1_000_000));
    if (unpacked === null) return true;
    left -= unpacked;
  }
  return false;
}

/** The same test of a zlib header as the PDF library's and the readers'. */
const isZlib = (data: Uint8Array) =>
  ((data[0] ?? 0) & 0x0f) === 8 && (((data[0] ?? 0) << 8) | (data[1] ?? 0)) % 31 === 0;

/** Zlib data unpacked as far as it goes, within the bound unpacksTooFar has checked. */
const inflated = (data: Uint8Array, limit = MAX_UNPACKED_MB.part * 1_000_000) =>
  inflateSync(data, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: limit });

/** Null past `limit`; data that is no zlib after all unpacks to nothing. */
function unpackedBytes(data: Uint8Array, limit: number): number | null {
  try {
    const unpacked = inflated(data, limit);
    return isZlib(unpacked) ? unpackedBytes(unpacked, limit) : unpacked.length;
  } catch (error) {
    return error instanceof RangeError ? null : 0;
  }
}

/**
 * The library reads the last copy of an object, a reader the one the cross-reference table
 * points at: so no object is defined twice in one revision (with no `startxref` between), and
 * every entry points at its object's `N G obj`, at the last copy if the table follows it.
 */
function indexDisagrees({ file, parts }: Written, streamEntries: IndexEntry[]): boolean {
  const defined = new Map<string, number[]>();
  const revisionEnds: number[] = [];
  const entries: { key: string; offset: number; tableAt: number }[] = [];
  for (const { at, text } of parts) {
    for (const { 1: number, 2: generation, index } of text.matchAll(/(\d+)\s+(\d+)\s+obj\b/g)) {
      const key = `${Number(number)} ${Number(generation)}`;
      defined.set(key, [...(defined.get(key) ?? []), at + index]);
    }
    for (const { index } of text.matchAll(/startxref/g)) revisionEnds.push(at + index);
    // A table's lines: `first count` starts a run of numbers, `offset generation n|f` is one.
    for (const { 1: table, index } of text.matchAll(/(?<!start)xref\s+([\d\snf]*)/g)) {
      let number = 0;
      for (const [, first, second, kind] of table!.matchAll(/(\d+)\s+(\d+)(?:\s+([nf]))?/g)) {
        const entry = { key: `${number} ${Number(second)}`, offset: Number(first) };
        if (kind === "n") entries.push({ ...entry, tableAt: at + index });
        number = kind ? number + 1 : Number(first);
      }
    }
  }
  for (const { key, offset, stream } of streamEntries)
    entries.push({ key, offset, tableAt: defined.get(stream)?.at(-1) ?? -1 });
  const twiceInOneRevision = [...defined.values()].some((offsets) =>
    offsets
      .slice(1)
      .some((next, index) => !revisionEnds.some((end) => offsets[index]! < end && end < next)),
  );
  return (
    twiceInOneRevision ||
    entries.some(({ key, offset, tableAt }) => {
      const offsets = defined.get(key) ?? [];
      const last = offsets.at(-1) ?? -1;
      const pointed = offset + /^\s*/.exec(file.toString("latin1", offset, offset + 64))![0].length;
      return !offsets.includes(pointed) || (last < tableAt && pointed !== last);
    })
  );
}

type IndexEntry = { key: string; offset: number; stream: string };

/** Where each cross-reference stream (PDF 1.5) says a plain object is written. */
function indexStreamEntries(document: PDFDocument): IndexEntry[] {
  const numberOf = (value: PDFObject | undefined) =>
    value instanceof PDFNumber ? value.asNumber() : 0;
  return [...document.context.enumerateIndirectObjects()].flatMap(([ref, object]) => {
    if (!(object instanceof PDFRawStream)) return [];
    if (object.dict.get(PDFName.of("Type")) !== PDFName.of("XRef")) return [];
    const widths = object.dict.lookup(PDFName.of("W"), PDFArray).asArray().map(numberOf);
    const index = object.dict.lookup(PDFName.of("Index"));
    const runs =
      index instanceof PDFArray
        ? index.asArray().map(numberOf)
        : [0, numberOf(object.dict.lookup(PDFName.of("Size")))];
    const parameters = object.dict.lookup(PDFName.of("DecodeParms"));
    const parameter = (name: string) =>
      parameters instanceof PDFDict ? numberOf(parameters.lookup(PDFName.of(name))) : 0;
    // The library leaves a predictor to the reader: undone here for PNG's, the one writers use.
    const predictor = parameter("Predictor");
    if (predictor > 1 && predictor < 10) return [];
    const decoded = decodePDFRawStream(object).decode();
    const bytes = predictor >= 10 ? unpredicted(decoded, parameter("Columns") || 1) : decoded;
    let at = 0;
    // A field of width 0 takes its default: type 1, generation 0.
    const field = (width = 0, absent = 0) => {
      let value = width === 0 ? absent : 0;
      for (let byte = 0; byte < width; byte++) value = value * 256 + (bytes[at++] ?? 0);
      return value;
    };
    const entries: IndexEntry[] = [];
    const stream = `${ref.objectNumber} ${ref.generationNumber}`;
    for (let run = 0; run + 1 < runs.length; run += 2)
      for (let number = runs[run]!; number < runs[run]! + runs[run + 1]!; number++) {
        if (at >= bytes.length) return entries;
        const [type, offset, generation] = [
          field(widths[0], 1),
          field(widths[1]),
          field(widths[2]),
        ];
        if (type === 1) entries.push({ key: `${number} ${generation}`, offset, stream });
      }
    return entries;
  });
}

/** PNG's row filters undone, one byte a pixel, as an index stream uses them. */
function unpredicted(bytes: Uint8Array, columns: number): Uint8Array {
  const rows = Math.floor(bytes.length / (columns + 1));
  const out = new Uint8Array(rows * columns);
  for (let row = 0; row < rows; row++) {
    const filter = bytes[row * (columns + 1)];
    for (let column = 0; column < columns; column++) {
      const at = row * columns + column;
      const left = column > 0 ? out[at - 1]! : 0;
      const up = row > 0 ? out[at - columns]! : 0;
      const upLeft = row > 0 && column > 0 ? out[at - columns - 1]! : 0;
      const guess = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter ?? 0] ?? 0;
      out[at] = (bytes[row * (columns + 1) + 1 + column]! + guess) & 0xff;
    }
  }
  return out;
}

function paeth(left: number, up: number, upLeft: number): number {
  const [toLeft, toUp, toUpLeft] = [left, up, upLeft].map((one) =>
    Math.abs(left + up - upLeft - one),
  );
  return toLeft! <= toUp! && toLeft! <= toUpLeft! ? left : toUp! <= toUpLeft! ? up : upLeft;
}

function largestPage(document: PDFDocument): { width: number; height: number } {
  const sizes = document.getPages().map((page) => page.getSize());
  const largest = (side: "width" | "height") => Math.max(0, ...sizes.map((size) => size[side]));
  return { width: largest("width"), height: largest("height") };
}

type JpegPicture = { dict: PDFDict; jpeg: Uint8Array; channels: 1 | 3 };

function jpegPicture(document: PDFDocument, object: PDFObject): JpegPicture | null {
  if (!(object instanceof PDFRawStream)) return null;
  const { dict } = object;
  if (dict.get(PDFName.of("Subtype")) !== PDFName.of("Image")) return null;
  if (dict.get(PDFName.of("ImageMask")) === PDFBool.True) return null;
  for (const key of ["SMask", "Mask", "Decode", "DecodeParms", "SMaskInData"])
    if (dict.has(PDFName.of(key))) return null;
  const filter = dict.get(PDFName.of("Filter"));
  const only = filter instanceof PDFArray && filter.size() === 1 ? filter.get(0) : filter;
  if (only !== PDFName.of("DCTDecode")) return null;
  const bits = dict.lookup(PDFName.of("BitsPerComponent"));
  if (!(bits instanceof PDFNumber) || bits.asNumber() !== 8) return null;
  const channels = channelsOf(document, dict.get(PDFName.of("ColorSpace")));
  if (!channels) return null;
  return { dict, jpeg: object.contents, channels };
}

function channelsOf(document: PDFDocument, space: PDFObject | undefined): 1 | 3 | null {
  const resolved = space instanceof PDFRef ? document.context.lookup(space) : space;
  if (resolved === PDFName.of("DeviceGray")) return 1;
  if (resolved === PDFName.of("DeviceRGB")) return 3;
  if (resolved instanceof PDFArray && resolved.get(0) === PDFName.of("ICCBased")) {
    const profile = document.context.lookup(resolved.get(1));
    const count = profile instanceof PDFStream ? profile.dict.get(PDFName.of("N")) : undefined;
    const n = count instanceof PDFNumber ? count.asNumber() : 0;
    return n === 1 ? 1 : n === 3 ? 3 : null;
  }
  return null;
}

// Measured against the largest page: a picture shown smaller keeps more than LITE_DPI.
async function lightenPicture(
  { dict, jpeg, channels }: JpegPicture,
  page: { width: number; height: number },
): Promise<PDFRawStream | null> {
  // A picture sharp cannot read is left as it is.
  const measured = await Promise.all([
    sharp(jpeg).metadata(),
    channels === 1 || hasNoColour(jpeg),
  ]).catch(() => null);
  if (!measured) return null;
  const [{ width, height }, grey] = measured;
  if (!width || !height) return null;
  const dpi = Math.max(width / (page.width / 72), height / (page.height / 72));
  const scale = Math.min(1, LITE_DPI / dpi);
  if (scale > 0.95 && !(grey && channels === 3)) return null;
  const scaled = (side: number) => Math.max(1, Math.round(side * scale));
  const target = { width: scaled(width), height: scaled(height) };
  const resized = sharp(jpeg, DECODED).resize({ ...target, fit: "fill" });
  // One channel, not three alike: what DeviceGray says, and a third of the pixels.
  const lighter = await (grey ? resized.toColourspace("b-w") : resized)
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    .toBuffer()
    .catch(() => null);
  if (!lighter || lighter.byteLength >= jpeg.byteLength) return null;
  const lighterDict = dict.clone();
  lighterDict.set(PDFName.of("Width"), PDFNumber.of(target.width));
  lighterDict.set(PDFName.of("Height"), PDFNumber.of(target.height));
  lighterDict.set(PDFName.of("ColorSpace"), PDFName.of(grey ? "DeviceGray" : "DeviceRGB"));
  lighterDict.set(PDFName.of("BitsPerComponent"), PDFNumber.of(8));
  lighterDict.set(PDFName.of("Filter"), PDFName.of("DCTDecode"));
  return PDFRawStream.of(lighterDict, lighter);
}

// A scan of a printed page is only a tint (warm paper, dark ink); a diagram in colour is not.
async function hasNoColour(jpeg: Uint8Array): Promise<boolean> {
  const { data } = await sharp(jpeg, DECODED)
    .resize(96, 96, { fit: "fill" })
    .removeAlpha()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  let coloured = 0;
  for (let at = 0; at + 2 < data.length; at += 3) {
    const [r, g, b] = [data[at]!, data[at + 1]!, data[at + 2]!];
    if (Math.max(r, g, b) - Math.min(r, g, b) > 24) coloured++;
  }
  return coloured < (data.length / 3) * 0.005;
}
