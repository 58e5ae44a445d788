import { getPublishedArticle, parseArticleId } from "#app/features/articles/queries.server";
import { articleCard, shareCardResponse } from "#app/features/share-cards/share-cards.server";
import { appContext } from "#app/lib/app-context.server";
import { isRead } from "../files/serve-file.server";
import { notFound } from "#app/lib/http.server";
import type { Route } from "./+types/article-card";

/** GET /share/article/{id}.png: a published article's link-preview picture, sent by the middleware. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }, next) => {
    const id = parseArticleId(/^(\d+)\.png$/.exec(params.file)?.[1]);
    if (!isRead(request) || id === null) return next();
    const { db, site } = context.get(appContext);
    const article = await getPublishedArticle({ db, id });
    if (!article) return next();
    const { card } = articleCard({ id, title: article.title, siteName: site.name });
    return shareCardResponse(request, card);
  },
];

export function loader(): never {
  throw notFound();
}

export default function UnknownArticleCard() {
  return null;
}
