import { z } from "zod";
import rawGallery from "#content/gallery.json";

const GallerySchema = z.array(
  z.strictObject({
    file: z
      .string()
      .regex(/^\/images\/[\w/-]+\.(svg|webp|png|jpg)$/, "must be a file under /images/"),
    alt: z.string().min(1),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
);

export const gallery = GallerySchema.parse(rawGallery);
