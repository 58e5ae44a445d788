import { ResponsiveImage } from "#app/components/ui/responsive-image";
import { ArticleDateTime, ExampleNote } from "#app/features/articles/components/article-meta";
import { listArticlePage } from "#app/features/articles/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/head";
import type { Route } from "./+types/index";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { db, logger } = context.get(appContext);
  try {
    return await listArticlePage({ db, page: Number(url.searchParams.get("page") ?? "1") });
  } catch (error) {
    // docs/requirements.md#smartify: only the spinner shows, and a way to retry.
    logger.error({ err: error }, "the Smartify list could not be loaded");
    return { articles: [], page: 1, pageCount: 1, pictures: {} };
  }
}

function listPageHref(page: number): string {
  return page > 1 ? `/smartify?page=${page}` : "/smartify";
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  metaFor(matches, {
    title: (loaderData?.page ?? 1) > 1 ? `Smartify (page ${loaderData?.page})` : "Smartify",
    description:
      "Smartify: study articles for Zambian students on revision, past papers, exam stress and more.",
    keywords: ["Smartify", "study tips", "revision", "exam advice", "Zambia"],
    path: listPageHref(loaderData?.page ?? 1),
  });

export default function SmartifyList({ loaderData }: Route.ComponentProps) {
  const { articles, page, pageCount, pictures } = loaderData;
  return (
    <section aria-labelledby="smartify-heading">
      <h1 id="smartify-heading">Smartify</h1>
      {articles.length === 0 ? (
        <div className="spinner-block" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Loading articles</span>
          <a className="button" href="/smartify">
            Try again
          </a>
        </div>
      ) : (
        <ol className="article-list">
          {articles.map((article, position) => (
            <li key={article.id} className="article-card">
              <h2>
                <a href={`/smartify/${article.id}`}>{article.title}</a>
              </h2>
              <ArticleDateTime date={article.date} time={article.time} />
              <ExampleNote isSample={article.isSample} />
              {article.images[0] ? (
                // The title is the link for keyboards and screen readers; the picture is a
                // second, bigger target for a thumb, so it is left out of both.
                <a
                  className="article-card__image"
                  href={`/smartify/${article.id}`}
                  tabIndex={-1}
                  aria-hidden="true"
                >
                  <ResponsiveImage
                    className="article-image"
                    src={article.images[0].src}
                    sized={pictures[article.images[0].src]?.list}
                    alt={article.images[0].alt}
                    width={300}
                    height={200}
                    eager={position === 0}
                  />
                </a>
              ) : null}
              <p>{article.intro[0]}</p>
              <a
                className="article-card__more"
                href={`/smartify/${article.id}`}
                aria-label={`finish reading ${article.title}`}
              >
                finish...
              </a>
            </li>
          ))}
        </ol>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Article pages" className="list-pages">
          {page > 1 ? <a href={listPageHref(page - 1)}>Newer articles</a> : null}{" "}
          <span>{`Page ${page} of ${pageCount}`}</span>{" "}
          {page < pageCount ? <a href={listPageHref(page + 1)}>Older articles</a> : null}
        </nav>
      ) : null}
    </section>
  );
}
