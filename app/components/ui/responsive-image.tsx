type ResponsiveImageProps = {
  src: string;
  alt: string;
  width: number;
  height: number;
  eager?: boolean;
  className?: string;
};

/** scripts/build-images.mjs writes `{name}-1x.webp` beside the 2x `{name}.webp`. */
export function ResponsiveImage({ eager = false, ...image }: ResponsiveImageProps) {
  const { src } = image;
  const oneX =
    src.startsWith("/images/") && src.endsWith(".webp") ? src.replace(/\.webp$/, "-1x.webp") : src;
  return (
    <img
      className={image.className}
      src={oneX}
      srcSet={oneX === src ? undefined : `${oneX} 1x, ${src} 2x`}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}
