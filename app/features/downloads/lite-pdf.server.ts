import path from "node:path";
import type Tinypool from "tinypool";
import type * as Maker from "./lite-pdf-maker.server";

export type PdfProblem = { problem: string };

export type LiteCopy =
  { made: true; bytes: Uint8Array; picturesLightened: number } | { made: false; reason: string };

/** What one PDF may take in the PDF process (docs/security.md#uploads). */
const HEAP_MB = 256;
const TIME_LIMIT_MS = 120_000;
const OVER_LIMITS = `it takes more than ${TIME_LIMIT_MS / 60_000} minutes or ${HEAP_MB} MB of memory to read`;

/** Null when students can open it: no password, it parses, no script or program launch. */
export async function pdfProblem(bytes: Uint8Array): Promise<PdfProblem | null> {
  return inPdfProcess("pdfProblem", bytes, { problem: OVER_LIMITS });
}

export async function makeLitePdf(bytes: Uint8Array): Promise<LiteCopy> {
  return inPdfProcess("makeLitePdf", bytes, { made: false, reason: OVER_LIMITS });
}

type Work = "pdfProblem" | "makeLitePdf";
type Outcome<Name extends Work> = Awaited<ReturnType<(typeof Maker)[Name]>>;

let pool: Tinypool | undefined;

// One PDF at a time, in a process of its own with a heap and a time limit: a hostile PDF holds
// neither the event loop nor the server's memory, nor ends the server when it runs out
// (docs/decisions/0076-pdfs-in-a-process-of-their-own.md).
async function inPdfProcess<Name extends Work>(
  name: Name,
  bytes: Uint8Array,
  overLimits: Outcome<Name>,
): Promise<Outcome<Name>> {
  const { Tinypool } = await import("tinypool");
  // The sources run through tsx; the build has the maker as a file of its own (vite.config.ts).
  const source = import.meta.url.endsWith(".ts");
  pool ??= new Tinypool({
    runtime: "child_process",
    filename: path.resolve(
      source ? "app/features/downloads/lite-pdf-maker.server.ts" : "build/server/lite-pdf-maker.js",
    ),
    execArgv: [`--max-old-space-size=${HEAP_MB}`, ...(source ? ["--import", "tsx"] : [])],
    serialization: "advanced",
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
  }).on("error", () => {
    // A process that ends between PDFs is replaced. One that cannot start has said why on
    // stderr, and leaves its PDF to the time limit.
  });
  try {
    const signal = AbortSignal.timeout(TIME_LIMIT_MS);
    return (await pool.run(bytes, { name, signal })) as Outcome<Name>;
  } catch (error) {
    // tinypool's words for a PDF past the time limit, and for a process out of memory.
    if (/aborted|exited unexpectedly/.test(String(error))) return overLimits;
    throw error;
  }
}
