import { data } from "react-router";
import { ArticleImage } from "~/features/articles/components/article-image";
import { ArticleDateTime } from "~/features/articles/components/article-meta";
import { getPublishedArticle, parseArticleId } from "~/features/articles/queries.server";
import { appContext } from "~/lib/app-context.server";
import { metaFor } from "~/lib/site-data";
import type { Route } from "./+types/article";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseArticleId(params.id);
  const article = id === null ? undefined : await getPublishedArticle({ db: context.get(appContext).db, id });
  if (!article) throw data(null, { status: 404 });
  return { article };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { article } = loaderData;
  return metaFor(matches, {
    title: article.title,
    description: summarise(article.intro[0] ?? article.title),
    keywords: article.keywords,
    path: `/smartify/${article.id}`,
    image: article.images[0].src,
    imageAlt: article.images[0].alt,
    type: "article",
  });
};

/** A description of at most ~160 characters, cut at a word. */
function summarise(text: string): string {
  if (text.length <= 160) return text;
  return `${text.slice(0, 157).replace(/\s+\S*$/, "")}…`;
}

export default function SmartifyArticle({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  return (
    <article className="article" aria-labelledby="article-heading">
      <h1 id="article-heading">{article.title}</h1>
      <ArticleDateTime date={article.date} time={article.time} />
      <div className="article__images">
        {article.images.map((image, position) => (
          <ArticleImage key={image.src} image={image} width={270} height={180} eager={position === 0} />
        ))}
      </div>
      {article.intro.map((paragraph, index) => (
        <p key={index} className="article__intro">
          {paragraph}
        </p>
      ))}
      {article.groups.map((sections, group) =>
        sections.map((section, index) => (
          <section key={`${group}-${index}`}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph, position) => (
              <p key={position}>{paragraph}</p>
            ))}
          </section>
        )),
      )}
      <ArticleImage image={article.closingImage} width={270} height={180} />
      <p className="article__byline">Posted by: {article.poster}</p>
      <p className="article__byline">Position: {article.position}</p>
      <p>
        <a href="/smartify">Back to Smartify</a>
      </p>
    </article>
  );
}
