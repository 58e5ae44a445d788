import { ResponsiveImage } from "#app/components/ui/responsive-image";
import type { ArticlePictures } from "#app/features/articles/article-pictures";
import type { ArticleRecord } from "#app/features/articles/queries.server";
import { ArticleDateTime, ExampleNote } from "./article-meta";

type ArticleViewProps = { article: ArticleRecord; pictures: ArticlePictures };

export function ArticleView({ article, pictures }: ArticleViewProps) {
  const leadIndex = article.intro.findIndex(Boolean);
  const lead = article.intro[leadIndex];
  return (
    <article className="article" aria-labelledby="article-heading">
      <h1 id="article-heading">{article.title}</h1>
      {article.date ? <ArticleDateTime date={article.date} time={article.time} /> : null}
      <ExampleNote isSample={article.isSample} />
      {/* The first sentence before the pictures, which fill a phone's first screen (docs/decisions/0102-an-article-opens-with-its-first-sentence.md). */}
      {lead ? <p className="article__intro">{lead}</p> : null}
      <div className="article__images">
        {article.images.map((image, position) =>
          image.src ? (
            <ResponsiveImage
              key={`${position}-${image.src}`}
              className="article-image"
              src={image.src}
              sized={pictures[image.src]?.article}
              alt={image.alt}
              width={270}
              height={180}
              eager={position === 0}
            />
          ) : null,
        )}
      </div>
      {article.intro.map((paragraph, index) =>
        paragraph && index !== leadIndex ? (
          <p key={index} className="article__intro">
            {paragraph}
          </p>
        ) : null,
      )}
      {article.groups.map((sections, group) =>
        sections.map((section, index) =>
          section.heading || section.paragraphs.some(Boolean) ? (
            <section key={`${group}-${index}`}>
              {section.heading ? <h2>{section.heading}</h2> : null}
              {section.paragraphs.map((paragraph, position) =>
                paragraph ? <p key={position}>{paragraph}</p> : null,
              )}
            </section>
          ) : null,
        ),
      )}
      {article.closingImage.src ? (
        <ResponsiveImage
          className="article-image"
          src={article.closingImage.src}
          sized={pictures[article.closingImage.src]?.article}
          alt={article.closingImage.alt}
          width={270}
          height={180}
        />
      ) : null}
      {article.poster ? <p className="article__byline">Posted by: {article.poster}</p> : null}
      <p className="article__byline">Position: {article.position}</p>
    </article>
  );
}
