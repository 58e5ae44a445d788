import { getPublishedArticle, parseArticleId } from "#app/features/articles/queries.server";
import { articleCard, shareCardResponse } from "#app/features/share-cards/share-cards.server";
import { appContext } from "#app/lib/app-context.server";
import { serveWhenFound } from "../files/serve-file.server";
import type { Route } from "./+types/article-card";

export const middleware: Route.MiddlewareFunction[] = serveWhenFound(
  async ({ request, params, context }) => {
    const id = parseArticleId(/^(\d+)\.png$/.exec(params.file)?.[1]);
    if (id === null) return;
    const { db, site } = context.get(appContext);
    const article = await getPublishedArticle({ db, id });
    if (!article) return;
    const { card } = articleCard({ id, title: article.title, siteName: site.name });
    return shareCardResponse(request, card);
  },
);

export { loader, default } from "../not-found";
