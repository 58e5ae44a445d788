type ResponsiveImageProps = {
  src: string;
  alt: string;
  width: number;
  height: number;
  eager?: boolean;
  className?: string;
  /** Copies made for this place, sent instead of `src` (an uploaded picture's original). */
  sized?: { oneX: string; twoX: string } | undefined;
};

/** scripts/build-images.mjs writes `{name}-1x.webp` beside the 2x `{name}.webp`. */
export function ResponsiveImage({ eager = false, sized, ...image }: ResponsiveImageProps) {
  const built =
    image.src.startsWith("/images/") && image.src.endsWith(".webp")
      ? { oneX: image.src.replace(/\.webp$/, "-1x.webp"), twoX: image.src }
      : undefined;
  const copies = sized ?? built;
  return (
    <img
      className={image.className}
      src={copies?.oneX ?? image.src}
      srcSet={copies ? `${copies.oneX} 1x, ${copies.twoX} 2x` : undefined}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}
