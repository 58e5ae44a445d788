import { ResponsiveImage } from "#app/components/ui/responsive-image";
import { getLatestArticle } from "#app/features/articles/queries.server";
import { DownloadInfo } from "#app/features/catalogue/components/download-info";
import { readHomeIntro } from "#app/features/catalogue/home-intro.server";
import { pageMaterials } from "#app/features/catalogue/page-data.server";
import { appContext } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/site-data";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const [intro, products, latestArticle] = await Promise.all([
    readHomeIntro(),
    pageMaterials(app, "home"),
    getLatestArticle({ db: app.db }),
  ]);
  return { intro, products, latestArticle };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Home",
    description:
      "Free books, tutorial booklets, past papers, video lessons and self-marking quizzes for grade 10 to 12, first-year and medical students in Zambia.",
    keywords: [
      "StudyZed",
      "Zambia",
      "past papers",
      "grade 12",
      "revision",
      "free books",
      "tutorials",
    ],
    path: "/",
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { intro, products, latestArticle } = loaderData;
  return (
    <article className="home">
      <h1>{intro.title}</h1>
      <blockquote className="home__quote">
        <p>“{intro.quote.text}”</p>
        <footer>{intro.quote.author}</footer>
      </blockquote>
      {latestArticle ? (
        <p className="home__latest">
          Latest on Smartify: <a href={`/smartify/${latestArticle.id}`}>{latestArticle.title}</a>
        </p>
      ) : null}
      <h2>Free study products</h2>
      <ul className="card-grid card-grid--narrow">
        {products.map((product, position) => (
          <li key={product.key} className="card">
            <a href={product.download.href} download>
              <ResponsiveImage
                src={product.image ?? ""}
                alt={product.imageAlt ?? ""}
                width={132}
                height={187}
                eager={position < 2}
              />
              <span className="card__title">{product.title}</span>
            </a>
            <DownloadInfo download={product.download} />
          </li>
        ))}
      </ul>
    </article>
  );
}
