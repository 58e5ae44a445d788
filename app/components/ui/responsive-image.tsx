/**
 * A site image with its 1x and 2x WebP files (scripts/build-images.mjs writes
 * `{name}-1x.webp` beside the 2x `{name}.webp`), sized so the page never shifts, and
 * lazy unless it is among the first things a student sees.
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  eager = false,
  className,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  eager?: boolean;
  className?: string;
}) {
  // Only the site's own WebP files come in pairs; an https image is used as given.
  const oneX =
    src.startsWith("/images/") && src.endsWith(".webp") ? src.replace(/\.webp$/, "-1x.webp") : src;
  return (
    <img
      className={className}
      src={oneX}
      srcSet={oneX === src ? undefined : `${oneX} 1x, ${src} 2x`}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}
