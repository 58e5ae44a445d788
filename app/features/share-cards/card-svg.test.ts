import { describe, expect, it } from "vitest";
import { cardSvg, escapeXml } from "./card-svg";

describe("escapeXml", () => {
  it("turns markup characters into entities", () => {
    expect(escapeXml(`<b>"Tom" & 'Jerry'</b>`)).toBe(
      "&lt;b&gt;&quot;Tom&quot; &amp; &apos;Jerry&apos;&lt;/b&gt;",
    );
  });

  it("drops characters XML cannot hold, keeping tabs and line breaks", () => {
    expect(escapeXml("a\u0000b\u0008c\u001fd\ufffe\te\nf")).toBe("abcd\te\nf");
  });
});

describe("cardSvg", () => {
  const card = { label: "Smartify", title: "How to use past papers well", siteName: "StudyZed" };

  it("is a 1200 × 630 drawing holding the label, the title and the site name", () => {
    const svg = cardSvg(card);
    expect(svg).toMatch(/^<svg [^>]*width="1200" height="630"/);
    expect(svg).toContain(">Smartify</text>");
    expect(svg).toContain(">StudyZed</text>");
    const titleText = [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]);
    expect(titleText.join(" ")).toBe("How to use past papers well");
  });

  it("draws with a generic font family, so it needs no font of its own", () => {
    const families = [...cardSvg(card).matchAll(/font-family="([^"]*)"/g)].map((m) => m[1]);
    expect(families.length).toBeGreaterThan(0);
    expect(new Set(families)).toEqual(new Set(["sans-serif"]));
  });

  it("keeps a title's markup as text: it can neither break the drawing nor add to it", () => {
    const svg = cardSvg({
      label: "Smartify <i>",
      title: `</text><image href="https://evil.example/x.png"/> & "more"`,
      siteName: "Study & Zed",
    });
    expect(svg).not.toContain("<image");
    expect(svg).not.toContain("<i>");
    expect(svg).toContain("&lt;/text&gt;&lt;image");
    expect(svg).toContain("Study &amp; Zed");
    // Every element that opens is closed: the document is still one drawing.
    const opened = svg.match(/<(text|tspan|g|svg)\b/g)?.length;
    const closed = svg.match(/<\/(text|tspan|g|svg)>/g)?.length;
    expect(opened).toBe(closed);
  });

  it("is the same for the same card, and differs once the title is edited", () => {
    expect(cardSvg(card)).toBe(cardSvg({ ...card }));
    expect(cardSvg({ ...card, title: "How to use past papers better" })).not.toBe(cardSvg(card));
  });
});
