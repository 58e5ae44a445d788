import { ResponsiveImage } from "#app/components/ui/responsive-image";
import { DownloadInfo } from "#app/features/catalogue/components/download-info";
import { pageMaterials } from "#app/features/catalogue/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { pageMeta } from "./page-heads";
import type { Route } from "./+types/books";

export async function loader({ context }: Route.LoaderArgs) {
  return { books: await pageMaterials(context.get(appContext), "books") };
}

export const meta = pageMeta("/books");

export default function Books({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="books-heading">
      <h1 id="books-heading">Books</h1>
      <ul className="book-list">
        {loaderData.books.map((book, position) => (
          <li key={book.key} className="book">
            <ResponsiveImage
              src={book.image ?? ""}
              alt={book.imageAlt ?? ""}
              width={240}
              height={180}
              eager={position === 0}
            />
            <div>
              <h2>{book.title}</h2>
              <p>{book.description}</p>
              <p className="book__price">
                <s>
                  <span className="visually-hidden">Was </span>
                  {book.crossedOutPrice} ZMW
                </s>{" "}
                <span className="badge badge--free">FREE</span>
              </p>
              <p>
                <a className="button" href={book.download.href} download>
                  Download Now
                </a>{" "}
                <DownloadInfo download={book.download} />
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
