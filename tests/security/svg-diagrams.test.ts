import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { assertSafeSvg } from "#app/features/quizzes/diagram-check.server";

/**
 * Quiz diagrams are inlined into the quiz page, so a diagram that carries script runs it on
 * every student's phone (docs/security.md#quiz-diagrams). The check parses each file and
 * allows listed elements and attributes only; these are the attacks it must refuse.
 */
const DIAGRAMS = path.resolve("content/quizzes/diagrams");

function drawing(inside: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n${inside}\n</svg>`;
}

function refusal(svg: string): string {
  try {
    assertSafeSvg("attack.svg", svg);
  } catch (error) {
    return (error as Error).message;
  }
  return "let through";
}

describe("a quiz diagram", () => {
  // Each of these passed the deny-list of patterns the parsed check replaced.
  it.each([
    ["an event handler after a slash, <rect/onclick=...>", drawing("<rect/onclick=alert(1)>")],
    ["an event handler on the root, <svg/onload=...>", "<svg/onload=alert(1)></svg>"],
    [
      "an unquoted javascript: link, <a href=javascript:...>",
      drawing("<a href=javascript:alert(1)><text>x</text></a>"),
    ],
    [
      "an unquoted javascript: xlink:href",
      drawing("<a xlink:href=javascript:alert(1)><text>x</text></a>"),
    ],
    ["an unquoted external <use>", drawing("<use href = https://evil.example/x.svg#a />")],
    [
      "a link turned into javascript: by <set>",
      drawing('<a href="#x"><set attributeName="href" to="javascript:alert(1)"/></a>'),
    ],
    [
      "a link turned into javascript: by <animate>",
      drawing('<a href="#x"><animate attributeName="href" values="javascript:alert(1)"/></a>'),
    ],
    [
      "a script under a namespace prefix, <svg:script>",
      drawing('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>'),
    ],
    [
      "an external paint server, fill=url(https://...)",
      drawing('<rect width="1" height="1" fill="url(https://evil.example/p.svg#g)"/>'),
    ],
    [
      "url( spelled with a CSS escape",
      drawing('<rect width="1" height="1" fill="\\75rl(https://evil.example/p.svg#g)"/>'),
    ],
    ["markup inside <title>, which the browser reads as HTML", drawing("<title><b>x</b></title>")],
  ])("refuses %s", (_name, svg) => {
    expect(refusal(svg)).toMatch(/^content\/quizzes\/diagrams\/attack\.svg line \d+, column \d+: /);
  });

  // These the deny-list refused too; kept so the parsed check is held to them.
  it.each([
    ["onclick with spaces round =", drawing('<rect onclick = "alert(1)"/>'), '"onclick"'],
    ["ONCLICK in capitals", drawing('<rect ONCLICK="alert(1)"/>'), '"ONCLICK"'],
    ["onclick after a newline", drawing('<rect\nonclick="alert(1)"/>'), '"onclick"'],
    [
      "an entity-encoded javascript: xlink:href on <a>",
      drawing('<a xlink:href="&#106;avascript:alert(1)"><text>x</text></a>'),
      "<a>",
    ],
    [
      "an entity-encoded javascript: xlink:href on <use>",
      drawing(
        '<use xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="&#106;avascript:alert(1)"/>',
      ),
      '"xlink:href" on <use> must link to "#id"',
    ],
    [
      "a tab inside javascript:",
      drawing('<use href="java&#x09;script:alert(1)"/>'),
      '"href" on <use> must link to "#id"',
    ],
    [
      "a space and capitals before JavaScript:",
      drawing('<use href=" JavaScript:alert(1)"/>'),
      '"href" on <use> must link to "#id"',
    ],
    [
      "an external <use>",
      drawing('<use href="https://evil/x.svg#a"/>'),
      '"href" on <use> must link to "#id"',
    ],
    [
      "a gradient inheriting from another file",
      drawing('<linearGradient id="g" href="https://evil.example/x.svg#h"/>'),
      '"href" on <linearGradient> must link to "#id"',
    ],
    ["a <script>", drawing("<script>alert(1)</script>"), "element <script>"],
    ["a <foreignObject>", drawing("<foreignObject><div/></foreignObject>"), "<foreignObject>"],
    ["an <image>", drawing('<image href="https://evil.example/x.png"/>'), "element <image>"],
    ["an <iframe>", drawing('<iframe src="https://evil.example"/>'), "element <iframe>"],
    ["a <style> element", drawing("<style>rect{fill:red}</style>"), "element <style>"],
    [
      "a style attribute with url(javascript:...)",
      drawing('<rect style="background:url(javascript:alert(1))"/>'),
      '"style" on <rect>',
    ],
    [
      "a DOCTYPE declaring an ENTITY",
      '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY x "y">]>\n<svg viewBox="0 0 1 1">&x;</svg>',
      "DOCTYPE",
    ],
    [
      "a processing instruction after the XML declaration",
      drawing('<?xml-stylesheet href="https://evil.example/x.css"?>'),
      "<?xml-stylesheet",
    ],
    [
      "a comment, which the browser may end earlier than XML does",
      drawing("<!--><b>x</b>-->"),
      "comment",
    ],
    ["a CDATA section", drawing("<text><![CDATA[><b>x</b>]]></text>"), "CDATA"],
    ["another root element", "<html><body></body></html>", "root element must be <svg>"],
  ])("refuses %s", (_name, svg, what) => {
    const message = refusal(svg);
    expect(message).toMatch(/^content\/quizzes\/diagrams\/attack\.svg line \d+, column \d+: /);
    expect(message).toContain(what);
  });

  it("names the file, the line and column, and what was refused", () => {
    const svg = [
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">',
      '<g fill="none">',
      '<rect width="2" height="2" onclick="alert(1)"/>',
      "</g>",
      "</svg>",
    ].join("\n");
    expect(refusal(svg)).toBe(
      'content/quizzes/diagrams/attack.svg line 3, column 45: attribute "onclick" on <rect> is not allowed',
    );
  });

  it("keeps a plain drawing with markers, gradients, <use> and accessible text", () => {
    const svg = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 50" role="img" aria-label="A flask">
<title>A flask &amp; a beaker</title>
<defs>
<marker id="arrow" markerWidth="6" markerHeight="6" refX="3" refY="3" orient="auto"><path d="M0 0 L6 3 L0 6 Z"/></marker>
<linearGradient id="glass"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#ccc"/></linearGradient>
<g id="dot"><circle r="2"/></g>
</defs>
<rect width="100" height="50" fill="url(#glass)"/>
<line x1="0" y1="0" x2="50" y2="25" stroke="#222" marker-end="url(#arrow)"/>
<use href="#dot" x="10" y="10"/><use xlink:href="#dot" x="20" y="10"/>
<text x="50" y="45" font-size="8" text-anchor="middle">Water <tspan font-weight="bold">boils</tspan></text>
</svg>`;
    expect(refusal(svg)).toBe("let through");
  });

  it("passes for every diagram in content/quizzes/diagrams", async () => {
    const files = (await readdir(DIAGRAMS)).filter((file) => file.endsWith(".svg"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const svg = await readFile(path.join(DIAGRAMS, file), "utf8");
      expect(() => assertSafeSvg(file, svg), file).not.toThrow();
    }
  });
});
