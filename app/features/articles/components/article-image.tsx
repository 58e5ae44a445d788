import { ResponsiveImage } from "#app/components/ui/responsive-image";

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
