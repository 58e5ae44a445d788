import { describe, expect, it } from "vitest";
import { pdfProblem } from "#app/features/downloads/lite-pdf.server";
import { samplePdf } from "#app/features/downloads/sample-pdf";
import { updatedInPlacePdf, walkaroundPdfs } from "#tests/setup/pdf-fixtures";
import { placeholderPdf } from "#tests/setup/placeholder-pdf";

const RUNS = "it carries a script or a program to launch, which the site never serves";
const GOES_OUT =
  "it sends a form, opens another file or carries a file inside it, which the site never serves";
const DISAGREES =
  "it is damaged: its index and its objects disagree, so two readers could show it differently";

/** Each way round the PDF check that once got a file accepted (docs/security.md#uploads). */
describe("a PDF check", async () => {
  const pdfs = await walkaroundPdfs();
  it.each([
    ["a script 40 actions deep", RUNS],
    ["a script shadowed by a later copy of its object", RUNS],
    ["a script shadowed by a later copy, its names written with #xx escapes", RUNS],
    ["an object defined twice in one revision", DISAGREES],
    ["a cross-reference entry that points at another object", DISAGREES],
    ["a later revision whose table points at the older copy", DISAGREES],
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

  it("takes a PDF a later revision changed in place, and the site's own PDFs", async () => {
    for (const pdf of [
      updatedInPlacePdf(),
      samplePdf({ title: "Indices", lines: ["Laws of indices"] }),
      placeholderPdf("a booklet"),
    ])
      expect(await pdfProblem(pdf)).toBeNull();
  });
});
