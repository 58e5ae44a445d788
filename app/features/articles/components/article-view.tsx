import type { ArticleRecord } from "#app/features/articles/queries.server";
import { ArticleImage } from "./article-image";
import { ArticleDateTime, ExampleNote } from "./article-meta";

/** An article as students read it (docs/requirements.md, "Smartify"); also the admin preview. */
export function ArticleView({
  article,
}: {
  article: Pick<
    ArticleRecord,
    | "title"
    | "date"
    | "time"
    | "images"
    | "intro"
    | "groups"
    | "closingImage"
    | "poster"
    | "position"
  > &
    Partial<Pick<ArticleRecord, "isSample">>;
}) {
  return (
    <article className="article" aria-labelledby="article-heading">
      <h1 id="article-heading">{article.title}</h1>
      <ArticleDateTime date={article.date} time={article.time} />
      <ExampleNote isSample={article.isSample} />
      <div className="article__images">
        {article.images.map((image, position) => (
          <ArticleImage
            key={`${position}-${image.src}`}
            image={image}
            width={270}
            height={180}
            eager={position === 0}
          />
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
    </article>
  );
}
