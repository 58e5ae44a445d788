import { ResponsiveImage } from "#app/components/ui/responsive-image";

/** An article picture: the site's own WebP with its 1x/2x files, or an https address as given. */
export function ArticleImage({
  image,
  width,
  height,
  eager = false,
}: {
  image: { src: string; alt: string };
  width: number;
  height: number;
  eager?: boolean;
}) {
  return (
    <ResponsiveImage
      className="article-image"
      src={image.src}
      alt={image.alt}
      width={width}
      height={height}
      eager={eager}
    />
  );
}
