import { LinkCards } from "#app/components/ui/link-cards";
import { ResponsiveImage } from "#app/components/ui/responsive-image";
import { listLatestArticles } from "#app/features/articles/queries.server";
import { DownloadInfo } from "#app/features/catalogue/components/download-info";
import { LevelLinks } from "#app/features/catalogue/components/level-links";
import { readHomeIntro } from "#app/features/catalogue/catalogue-files.server";
import { pageMaterials } from "#app/features/catalogue/queries.server";
import { SetQuizzes } from "#app/features/classes/components/set-quizzes";
import { setQuizLines } from "#app/features/classes/public.server";
import { signedInUserOf } from "#app/features/accounts/public.server";
import { ReviewCount } from "#app/features/review/components/review-count";
import { appContext, isHttps } from "#app/lib/app-context.server";
import { useRootData } from "#app/root";
import { pageMeta } from "./page-heads";
import type { Route } from "./+types/home";

const PRACTISE = [
  {
    href: "/past-papers",
    name: "Past papers",
    note: "Tests and sessional exams, by subject and year",
  },
  { href: "/quizzes", name: "Brain Booster quizzes", note: "Short quizzes that mark themselves" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = await signedInUserOf({ db: app.db, request, context, https: isHttps(app.site) });
  const [intro, products, latestArticles, setQuizzes] = await Promise.all([
    readHomeIntro(),
    pageMaterials(app, "home"),
    listLatestArticles({ db: app.db, limit: 3 }),
    // A signed-in page is never cached (docs/decisions/0041-the-header-names-who-is-signed-in.md).
    user ? setQuizLines({ db: app.db, userId: user.id, now: app.now() }) : [],
  ]);
  return { intro, products, latestArticles, setQuizzes };
}

export const meta = pageMeta("/");

/** docs/decisions/0031-findable-pages-and-tap-targets.md: a way to every level from here. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { intro, products, latestArticles, setQuizzes } = loaderData;
  const latestArticle = latestArticles[0];
  const root = useRootData();
  return (
    <article className="home">
      <h1>{intro.title}</h1>
      <blockquote className="home__quote">
        <p>“{intro.quote.text}”</p>
        <footer>{intro.quote.author}</footer>
      </blockquote>
      <ReviewCount due={root?.reviewDue ?? null} className="home__review" />
      <SetQuizzes lines={setQuizzes} />
      {latestArticle ? (
        <p className="home__latest">
          Latest on Smartify: <a href={`/smartify/${latestArticle.id}`}>{latestArticle.title}</a>
        </p>
      ) : null}
      <h2>Choose your level</h2>
      <LevelLinks except="/tutorials/advanced" />
      <h2>Practise</h2>
      <LinkCards label="Practise" cards={PRACTISE} />
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
