import { gallery } from "#app/features/gallery/gallery.server";
import { pageMeta } from "./page-heads";
import type { Route } from "./+types/images";

export function loader() {
  return { gallery };
}

export const meta = pageMeta("/images");

export default function Images({ loaderData }: Route.ComponentProps) {
  return (
    <section className="images" aria-labelledby="images-heading">
      <h1 id="images-heading">IMAGES PAGE</h1>
      <ul className="gallery">
        {loaderData.gallery.map((image, position) => (
          <li key={image.file}>
            <img
              src={image.file}
              alt={image.alt}
              width={image.width}
              height={image.height}
              loading={position < 2 ? "eager" : "lazy"}
              decoding="async"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
