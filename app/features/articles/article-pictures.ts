/** Where an article's pictures are shown, in CSS pixels (docs/requirements.md#smartify). */
const PICTURE_PLACES = {
  list: { width: 300, height: 200 },
  article: { width: 270, height: 180 },
} as const;
export type PicturePlace = keyof typeof PICTURE_PLACES;
export const PICTURE_BOXES = Object.values(PICTURE_PLACES);

/** A picture's copies for one place: students are sent these, never the upload itself. */
export type SizedPicture = { oneX: string; twoX: string };
/** By a picture's address, as the article keeps it: its copies for each place. */
export type ArticlePictures = Record<string, Partial<Record<PicturePlace, SizedPicture>>>;

type Copy = { width: number; height: number; sha256: string };

const UPLOADED = /^\/files\/([0-9a-f]{64})\.(png|jpg|webp)$/;

/** The sha256 of an uploaded picture's address; null for any other address. */
export function uploadedSha256(src: string): string | null {
  return UPLOADED.exec(src)?.[1] ?? null;
}

/** Each place's 1x and 2x copy, where both were made. */
export function sizedPictureOf(
  copies: readonly Copy[],
): Partial<Record<PicturePlace, SizedPicture>> {
  const address = (width: number, height: number) => {
    const copy = copies.find((made) => made.width === width && made.height === height);
    return copy && `/files/${copy.sha256}.webp`;
  };
  const sized: Partial<Record<PicturePlace, SizedPicture>> = {};
  for (const [place, { width, height }] of Object.entries(PICTURE_PLACES)) {
    const oneX = address(width, height);
    const twoX = address(width * 2, height * 2);
    if (oneX && twoX) sized[place as PicturePlace] = { oneX, twoX };
  }
  return sized;
}
