/** scripts/build-images.mjs writes `{name}-1x.webp` beside the 2x `{name}.webp`. */
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
