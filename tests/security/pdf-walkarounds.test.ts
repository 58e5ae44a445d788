import { describe, expect, it } from "vitest";
import { pdfProblem } from "#app/features/downloads/lite-pdf.server";
import { walkaroundPdfs } from "#tests/setup/pdf-fixtures";
import { placeholderPdf } from "#tests/setup/placeholder-pdf";

const RUNS = "it carries a script or a program to launch, which the site never serves";
const GOES_OUT =
  "it sends a form, opens another file or carries a file inside it, which the site never serves";

/** Each way round the PDF check that once got a file accepted (docs/security.md#uploads). */
describe("a PDF check", async () => {
  const pdfs = await walkaroundPdfs();
  it.each([
    ["a script 40 actions deep", RUNS],
    ["a script shadowed by a later copy of its object", RUNS],
    ["a script shadowed by a later copy, its names written with #xx escapes", RUNS],
    ["an XFA form", RUNS],
    ["a javascript: link", RUNS],
    ["a form that submits", GOES_OUT],
    ["a go-to to a file on another machine", GOES_OUT],
    ["an attached setup.exe", GOES_OUT],
  ])("refuses %s", async (name, problem) => {
    expect(await pdfProblem(pdfs[name]!)).toEqual({ problem });
  });

  it("takes a PDF whose compressed data happens to hold those names' bytes", async () => {
    const pdf = placeholderPdf("compressed data", 20_000, {
      filler: (length) => Buffer.alloc(length, "/JS /XFA (javascript: /GoToR "),
    });
    expect(await pdfProblem(pdf)).toBeNull();
  });
});
