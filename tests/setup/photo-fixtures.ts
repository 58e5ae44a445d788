import sharp from "sharp";

const hash = (at: number) => (Math.imul(at, 2654435761) >>> 24) & 0xff;

/**
 * A phone photo as an owner uploads it: 3000 × 2000 JPEG, about 2 MB. Its shapes are
 * random colours blended smoothly (a scene) and every pixel has sensor grain, so that it is
 * as heavy as a real photo and its smaller copies are not trivially small.
 */
export async function phonePhoto(): Promise<Buffer> {
  const width = 3000;
  const height = 2000;
  const scene = Buffer.alloc(30 * 20 * 3);
  for (let at = 0; at < scene.length; at++) scene[at] = hash(at + 1);
  const pixels = await sharp(scene, { raw: { width: 30, height: 20, channels: 3 } })
    .resize(width, height, { kernel: "cubic" })
    .raw()
    .toBuffer();
  for (let at = 0; at < pixels.length; at++)
    pixels[at] = Math.min(255, pixels[at]! + (hash(at) & 0x7f));
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * A photo taken with the phone turned: stored 400 × 300, dark on the left and light on the
 * right, with EXIF orientation 6 (turn a quarter to the right), so upright it is 300 × 400
 * with the dark half at the top.
 */
export function sidewaysPhoto(): Promise<Buffer> {
  const pixels = Buffer.alloc(400 * 300);
  for (let y = 0; y < 300; y++) pixels.fill(255, y * 400 + 200, y * 400 + 400);
  return sharp(pixels, { raw: { width: 400, height: 300, channels: 1 } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}
