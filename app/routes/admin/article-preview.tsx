import { describeArticleProblems } from "#app/features/admin/article-problems";
import { ProblemList } from "#app/features/admin/components/editor-field";
import { issuesBeforePublishing } from "#app/features/articles/public.server";
import { ArticleView } from "#app/features/articles/components/article-view";
import {
  getAnyArticle,
  imagesOf,
  parseArticleId,
  picturesOf,
} from "#app/features/articles/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { countOf } from "#app/lib/plural";
import { adminMeta } from "./admin-page";
import { notFound } from "#app/lib/http.server";
import type { Route } from "./+types/article-preview";

export async function loader(args: Route.LoaderArgs) {
  const id = parseArticleId(args.params.id);
  const article =
    id === null ? undefined : await getAnyArticle({ db: args.context.get(appContext).db, id });
  if (!article) throw notFound();
  const { db } = args.context.get(appContext);
  const pictures = await picturesOf({ db, images: imagesOf(article) });
  return { article, pictures, problems: describeArticleProblems(issuesBeforePublishing(article)) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(matches, {
    title: `Preview: ${loaderData?.article.title ?? ""}`,
    description: "Article preview.",
    path: "/admin/articles",
  });

export default function AdminArticlePreview({ loaderData }: Route.ComponentProps) {
  const { article, pictures, problems } = loaderData;
  const editor = `/admin/articles/${article.id}`;
  return (
    <>
      <p className="notice">
        Preview{article.published ? "" : " of a draft: students cannot see it yet"}.{" "}
        <a href={editor}>Back to the editor</a>
      </p>
      {problems.length ? (
        <section className="problem-summary" aria-labelledby="missing-heading">
          <h2 id="missing-heading">
            Before it can be published, {countOf(problems.length, "field")} must be filled in or
            fixed
          </h2>
          <ProblemList problems={problems} editor={editor} />
        </section>
      ) : null}
      <ArticleView article={article} pictures={pictures} />
    </>
  );
}
