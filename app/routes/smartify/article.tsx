import { ShareLink } from "#app/components/ui/share-link";
import { ArticleView } from "#app/features/articles/components/article-view";
import {
  getPublishedArticle,
  imagesOf,
  parseArticleId,
  picturesOf,
} from "#app/features/articles/queries.server";
import { articleCard, cardPreviewImage } from "#app/features/share-cards/share-cards.server";
import { appContext } from "#app/lib/app-context.server";
import { metaFor, whatsAppShareHref } from "#app/lib/head";
import { notFound } from "#app/lib/http.server";
import type { Route } from "./+types/article";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, site } = context.get(appContext);
  const id = parseArticleId(params.id);
  const article = id === null ? undefined : await getPublishedArticle({ db, id });
  if (!article) throw notFound();
  const card = articleCard({ id: article.id, title: article.title, siteName: site.name });
  const pictures = await picturesOf({ db, images: imagesOf(article) });
  const shareHref = whatsAppShareHref(site, {
    title: article.title,
    path: `/smartify/${article.id}`,
  });
  return { article, pictures, previewImage: cardPreviewImage(card), shareHref };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { article, previewImage } = loaderData;
  return metaFor(matches, {
    title: article.title,
    description: summarise(article.intro[0] ?? article.title),
    keywords: article.keywords,
    path: `/smartify/${article.id}`,
    // Its own card, not its first picture: that is WebP, which WhatsApp does not show.
    image: previewImage,
    type: "article",
  });
};

/** A description of at most ~160 characters, cut at a word. */
function summarise(text: string): string {
  if (text.length <= 160) return text;
  return `${text.slice(0, 157).replace(/\s+\S*$/, "")}…`;
}

export default function SmartifyArticle({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ArticleView article={loaderData.article} pictures={loaderData.pictures} />
      <p>
        <ShareLink href={loaderData.shareHref} what="this article" />
      </p>
      <p>
        <a className="button" href="/smartify">
          Back to Smartify
        </a>
      </p>
    </>
  );
}
