import { createHash } from "node:crypto";
import { namesCurrentVersion } from "#app/features/downloads/public.server";
import type { PreviewImage } from "#app/lib/head";
import { CARD_HEIGHT, CARD_WIDTH, cardSvg, type ShareCard } from "./card-svg";

type PageCard = { path: string; card: ShareCard };

export function articleCard({ id, title, siteName }: Omit<ShareCard, "label"> & { id: number }) {
  return { path: `/share/article/${id}.png`, card: { label: "Smartify", title, siteName } };
}

type SubjectCardInput = { slug: string; heading: string; level: string; siteName: string };

export function subjectCard({ slug, heading, level, siteName }: SubjectCardInput): PageCard {
  return { path: `/share/subject/${slug}.png`, card: { label: level, title: heading, siteName } };
}

/** The address names the card's version: preview robots cache pictures by address. */
export function cardPreviewImage({ path, card }: PageCard): PreviewImage {
  return {
    src: `${path}?v=${versionOf(cardSvg(card))}`,
    type: "image/png",
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    alt: `${card.title} (${card.label}) on ${card.siteName}`,
  };
}

function versionOf(svg: string): string {
  return createHash("sha256").update(svg).digest("hex").slice(0, 16);
}

const YEAR = "public, max-age=31536000, immutable";
/** Without its current version, the same address may show a newer card tomorrow. */
const DAY = "public, max-age=86400";

export async function shareCardResponse(request: Request, card: ShareCard): Promise<Response> {
  const svg = cardSvg(card);
  const version = versionOf(svg);
  const etag = `"${version}"`;
  const headers = new Headers({
    "Content-Type": "image/png",
    ETag: etag,
    "Cache-Control": new URL(request.url).searchParams.get("v") === version ? YEAR : DAY,
  });
  if (namesCurrentVersion(request.headers.get("if-none-match"), etag))
    return new Response(null, { status: 304, headers });
  const png = await renderedCard(version, svg);
  headers.set("Content-Length", String(png.byteLength));
  return new Response(request.method === "HEAD" ? null : new Uint8Array(png), { headers });
}

/** Drawing a card takes a few hundred milliseconds of a core: each version is drawn once. */
const MAX_CACHED = 200;
const drawn = new Map<string, Promise<Buffer>>();

function renderedCard(version: string, svg: string): Promise<Buffer> {
  const cached = drawn.get(version);
  if (cached) return cached;
  // Imported late: sharp costs a start ~190 ms (docs/decisions/0057-start-within-a-second.md).
  const png = import("sharp").then(({ default: sharp }) =>
    sharp(Buffer.from(svg)).png({ palette: true, compressionLevel: 9 }).toBuffer(),
  );
  png.catch(() => drawn.delete(version));
  if (drawn.size >= MAX_CACHED) drawn.delete(drawn.keys().next().value!);
  drawn.set(version, png);
  return png;
}
