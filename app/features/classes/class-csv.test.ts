import { describe, expect, it } from "vitest";
import { csvCell, csvText } from "./class-csv";

describe("the class's CSV", () => {
  it("quotes a cell with a comma, a quote or a line break", () => {
    expect(csvCell("Grade 11, Biology")).toBe('"Grade 11, Biology"');
    expect(csvCell('The "cell"')).toBe('"The ""cell"""');
    expect(csvCell(8)).toBe("8");
  });

  it("never lets a name start a spreadsheet formula", () => {
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell(-1)).toBe("-1");
  });

  it("ends every row with CRLF", () => {
    expect(
      csvText([
        ["a", 1],
        ["b", 2],
      ]),
    ).toBe("a,1\r\nb,2\r\n");
  });
});
