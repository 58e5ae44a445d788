import { data } from "react-router";
import { ArticleView } from "#app/features/articles/components/article-view";
import { getAnyArticle, parseArticleId } from "#app/features/articles/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/site-data";
import type { Route } from "./+types/article-preview";

/** An article as students will see it, drafts included. */
export async function loader(args: Route.LoaderArgs) {
  const id = parseArticleId(args.params.id);
  const article =
    id === null ? undefined : await getAnyArticle({ db: args.context.get(appContext).db, id });
  if (!article) throw data(null, { status: 404 });
  return { article };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  metaFor(matches, {
    title: `Preview: ${loaderData?.article.title ?? ""}`,
    description: "Article preview.",
    path: "/admin/articles",
    noindex: true,
    keywords: ["StudyZed admin"],
  });

export default function AdminArticlePreview({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  return (
    <>
      <p className="notice">
        Preview{article.published ? "" : " of a draft: students cannot see it yet"}.{" "}
        <a href={`/admin/articles/${article.id}`}>Back to the editor</a>
      </p>
      <ArticleView article={article} />
    </>
  );
}
