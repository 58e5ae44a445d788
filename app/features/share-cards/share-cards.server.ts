import { createHash } from "node:crypto";
import type { PreviewImage } from "#app/lib/head";
import { CARD_HEIGHT, CARD_WIDTH, cardSvg, type ShareCard } from "./card-svg";

/** A page's share card: the address it is served at, and what it says. */
export type PageCard = { path: string; card: ShareCard };

export function articleCard({
  id,
  title,
  siteName,
}: {
  id: number;
  title: string;
  siteName: string;
}): PageCard {
  return { path: `/share/article/${id}.png`, card: { label: "Smartify", title, siteName } };
}

/** `heading` is the page's own heading; `level` the level of study the page belongs to. */
export function subjectCard({
  slug,
  heading,
  level,
  siteName,
}: {
  slug: string;
  heading: string;
  level: string;
  siteName: string;
}): PageCard {
  return { path: `/share/subject/${slug}.png`, card: { label: level, title: heading, siteName } };
}

/**
 * The card as a page's preview picture. Its address names the card's version, so a preview
 * robot that keeps pictures by address fetches the new card once a title is edited.
 */
export function cardPreviewImage({ path, card }: PageCard): PreviewImage {
  return {
    src: `${path}?v=${versionOf(cardSvg(card))}`,
    type: "image/png",
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    alt: `${card.title} (${card.label}) on ${card.siteName}`,
  };
}

/** What the card looks like, as a short hash of the drawing: same text, same version. */
function versionOf(svg: string): string {
  return createHash("sha256").update(svg).digest("hex").slice(0, 16);
}

const YEAR = "public, max-age=31536000, immutable";
/** The address without its version (or with an old one) may show a newer card tomorrow. */
const DAY = "public, max-age=86400";

/**
 * GET of a share card: the PNG, with an ETag (its version) so a client that has it gets a
 * 304, kept by browsers and robots for a year when asked for by its current version.
 */
export async function shareCardResponse(request: Request, card: ShareCard): Promise<Response> {
  const svg = cardSvg(card);
  const version = versionOf(svg);
  const etag = `"${version}"`;
  const headers = new Headers({
    "Content-Type": "image/png",
    ETag: etag,
    "Cache-Control": new URL(request.url).searchParams.get("v") === version ? YEAR : DAY,
  });
  if (hasEtag(request.headers.get("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  const png = await renderedCard(version, svg);
  headers.set("Content-Length", String(png.byteLength));
  return new Response(request.method === "HEAD" ? null : new Uint8Array(png), { headers });
}

function hasEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}

/**
 * Cards drawn since the server started, by version, so each is drawn once (drawing one takes
 * a few hundred milliseconds of a core). An edited title is a new version; the oldest cards
 * go first once MAX_KEPT are kept.
 */
const MAX_KEPT = 200;
const drawn = new Map<string, Promise<Buffer>>();

function renderedCard(version: string, svg: string): Promise<Buffer> {
  const kept = drawn.get(version);
  if (kept) return kept;
  // Loaded when the first card is drawn: sharp costs a start ~190 ms (docs/decisions/0057-start-within-a-second.md).
  const png = import("sharp").then(({ default: sharp }) =>
    sharp(Buffer.from(svg)).png({ palette: true, compressionLevel: 9 }).toBuffer(),
  );
  // A drawing that failed is tried again by the next request, not kept as a failure.
  png.catch(() => drawn.delete(version));
  if (drawn.size >= MAX_KEPT) drawn.delete(drawn.keys().next().value!);
  drawn.set(version, png);
  return png;
}
