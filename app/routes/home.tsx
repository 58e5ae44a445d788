import { ResponsiveImage } from "#app/components/ui/responsive-image";
import { listLatestArticles } from "#app/features/articles/queries.server";
import { DownloadInfo } from "#app/features/catalogue/components/download-info";
import { LevelLinks } from "#app/features/catalogue/components/level-links";
import { readHomeIntro } from "#app/features/catalogue/catalogue-files.server";
import { pageMaterials } from "#app/features/catalogue/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/head";
import type { Route } from "./+types/home";

const LATEST_ARTICLES = 3;

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const [intro, products, latestArticles] = await Promise.all([
    readHomeIntro(),
    pageMaterials(app, "home"),
    listLatestArticles({ db: app.db, limit: LATEST_ARTICLES }),
  ]);
  return { intro, products, latestArticles };
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

/** docs/decisions/0031-findable-pages-and-tap-targets.md: a way to every level from here. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { intro, products, latestArticles } = loaderData;
  const latestArticle = latestArticles[0];
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
      <h2>Choose your level</h2>
      <LevelLinks except="/tutorials/advanced" />
      <h2>Practise</h2>
      <ul className="link-grid" aria-label="Practise">
        <li>
          <a className="link-card" href="/past-papers">
            Past papers
            <span className="link-card__note">Tests and sessional exams, by subject and year</span>
          </a>
        </li>
        <li>
          <a className="link-card" href="/quizzes">
            Brain Booster quizzes
            <span className="link-card__note">Short quizzes that mark themselves</span>
          </a>
        </li>
      </ul>
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
      {latestArticles.length > 0 ? (
        <>
          <h2>New on Smartify</h2>
          <ul className="link-list" aria-label="New on Smartify">
            {latestArticles.map((article) => (
              <li key={article.id}>
                <a href={`/smartify/${article.id}`}>{article.title}</a>
              </li>
            ))}
            <li>
              <a href="/smartify">All Smartify articles</a>
            </li>
          </ul>
        </>
      ) : null}
    </article>
  );
}
