import { fitTitle, wrapText } from "./text-lines";

export type ShareCard = { label: string; title: string; siteName: string };

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

const MARGIN = 80;
const TEXT_WIDTH = CARD_WIDTH - 2 * MARGIN;
const LABEL_SIZE = 36;
const SITE_NAME_SIZE = 44;
const LOGO_SIZE = 72;
const LINE_HEIGHT = 1.2;
const TITLE_TOP = 170;
const TITLE_BOTTOM = 470;

/** Whatever sans-serif the server has: the card ships no font (docs/decisions/0035-share-cards.md). */
const FONT = 'font-family="sans-serif" font-weight="bold"';

/** public/logo-mark.svg, on a 64-unit square. */
const LOGO_MARK =
  '<rect width="64" height="64" rx="14" fill="#ffffff"/><path d="M17 10h30v7L29 33h18v7H17v-7l18-16H17z" fill="#0b6e4f"/><path d="M7 46c9-4 18-4 25 1 7-5 16-5 25-1v9c-9-4-18-4-25 1-7-5-16-5-25-1z" fill="#d35f22"/><path d="M31 47h2v9h-2z" fill="#ffffff"/>';

/** 1200 × 630 is the size WhatsApp and Facebook show large. */
export function cardSvg(card: ShareCard): string {
  const label = oneLine(card.label, LABEL_SIZE, TEXT_WIDTH);
  const siteName = oneLine(card.siteName, SITE_NAME_SIZE, TEXT_WIDTH - LOGO_SIZE - 24);
  const title = fitTitle(card.title, TEXT_WIDTH);
  const lineHeight = title.fontSize * LINE_HEIGHT;
  const blockHeight = lineHeight * title.lines.length;
  const firstBaseline =
    TITLE_TOP + (TITLE_BOTTOM - TITLE_TOP - blockHeight) / 2 + title.fontSize * 0.95;
  const titleLines = title.lines
    .map(
      (line, index) =>
        `<tspan x="${MARGIN}" y="${round(firstBaseline + index * lineHeight)}">${escapeXml(line)}</tspan>`,
    )
    .join("");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#0b6e4f"/>`,
    `<rect width="${CARD_WIDTH}" height="16" fill="#d35f22"/>`,
    `<rect y="500" width="${CARD_WIDTH}" height="130" fill="#085a40"/>`,
    `<text x="${MARGIN}" y="120" ${FONT} font-size="${LABEL_SIZE}" fill="#f6c7a6">${escapeXml(label)}</text>`,
    `<text ${FONT} font-size="${title.fontSize}" fill="#ffffff">${titleLines}</text>`,
    `<g transform="translate(${MARGIN} 529) scale(${LOGO_SIZE / 64})">${LOGO_MARK}</g>`,
    `<text x="${MARGIN + LOGO_SIZE + 24}" y="580" ${FONT} font-size="${SITE_NAME_SIZE}" fill="#ffffff">${escapeXml(siteName)}</text>`,
    "</svg>",
  ].join("");
}

function oneLine(text: string, fontSize: number, widthPx: number): string {
  return wrapText(text, { maxWidthEm: widthPx / fontSize, maxLines: 1 }).lines[0] ?? "";
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

// eslint-disable-next-line no-control-regex -- XML 1.0 forbids these characters outright.
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** A title is whatever an admin typed: it must not break the drawing or add to it. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
