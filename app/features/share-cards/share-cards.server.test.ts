import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  articleCard,
  cardPreviewImage,
  shareCardResponse,
  subjectCard,
} from "./share-cards.server";

const site = "https://studyzed.example";
const card = articleCard({ id: 7, title: "Managing exam stress", siteName: "StudyZed" });
const versionOf = (src: string) => new URL(src, site).searchParams.get("v");

describe("cardPreviewImage", () => {
  it("names the card's address, as a 1200 × 630 PNG with alt text saying what it shows", () => {
    const image = cardPreviewImage(card);
    expect(image.src).toMatch(/^\/share\/article\/7\.png\?v=[0-9a-f]{16}$/);
    expect(image).toMatchObject({ type: "image/png", width: 1200, height: 630 });
    expect(image.alt).toBe("Managing exam stress (Smartify) on StudyZed");
  });

  it("gives an edited title a new version, and the same title the same one", () => {
    const again = articleCard({ id: 7, title: "Managing exam stress", siteName: "StudyZed" });
    const edited = articleCard({ id: 7, title: "Managing exam stress well", siteName: "StudyZed" });
    expect(versionOf(cardPreviewImage(again).src)).toBe(versionOf(cardPreviewImage(card).src));
    expect(versionOf(cardPreviewImage(edited).src)).not.toBe(versionOf(cardPreviewImage(card).src));
  });

  it("puts a subject page's card at its slug, labelled with its level", () => {
    const subject = subjectCard({
      slug: "patho",
      heading: "Pathology past papers",
      level: "Second-year medicine",
      siteName: "StudyZed",
    });
    expect(cardPreviewImage(subject).src).toMatch(/^\/share\/subject\/patho\.png\?v=/);
    expect(cardPreviewImage(subject).alt).toBe(
      "Pathology past papers (Second-year medicine) on StudyZed",
    );
  });
});

describe("shareCardResponse", () => {
  const src = cardPreviewImage(card).src;
  const request = (path: string, init?: RequestInit) => new Request(new URL(path, site), init);

  it("draws a 1200 × 630 PNG with the text on it", async () => {
    const response = await shareCardResponse(request(src), card.card);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("content-length")).toBe(String(png.byteLength));
    const { format, width, height } = await sharp(png).metadata();
    expect({ format, width, height }).toEqual({ format: "png", width: 1200, height: 630 });
    // The title is white on green: a drawn title leaves thousands of white pixels in its band.
    const { data, info } = await sharp(png)
      .extract({ left: 0, top: 170, width: 1200, height: 300 })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let white = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      if (data[i]! > 240 && data[i + 1]! > 240 && data[i + 2]! > 240) white++;
    }
    expect(white).toBeGreaterThan(2000);
  });

  it("is kept a year when asked for by its version, a day when asked for without it", async () => {
    const versioned = await shareCardResponse(request(src), card.card);
    expect(versioned.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const plain = await shareCardResponse(request(card.path), card.card);
    expect(plain.headers.get("cache-control")).toBe("public, max-age=86400");
    const old = await shareCardResponse(request(`${card.path}?v=0000000000000000`), card.card);
    expect(old.headers.get("cache-control")).toBe("public, max-age=86400");
  });

  it("carries its version as the ETag, and answers 304 to a client that has it", async () => {
    const first = await shareCardResponse(request(src), card.card);
    const etag = first.headers.get("etag");
    expect(etag).toBe(`"${versionOf(src)}"`);
    const again = await shareCardResponse(
      request(src, { headers: { "If-None-Match": `W/"other", ${etag}` } }),
      card.card,
    );
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("answers HEAD with the headers and no body", async () => {
    const head = await shareCardResponse(request(src, { method: "HEAD" }), card.card);
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(1000);
    expect(head.body).toBeNull();
  });
});
