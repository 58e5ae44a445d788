import { data } from "react-router";
import { AdminNav } from "#app/features/admin/components/admin-nav";
import {
  ArticleEditor,
  emptyArticle,
  type EditableArticle,
} from "#app/features/admin/components/article-editor";
import { getAnyArticle } from "#app/features/articles/queries.server";
import { requireAdmin } from "#app/features/admin/page-guard.server";
import { parseArticleId } from "#app/features/articles/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/site-data";
import type { RouteHandle } from "#app/root";
import type { Route } from "./+types/article-edit";

export const handle: RouteHandle = { hydrate: true };

/** /admin/articles/new and /admin/articles/{id}: the same editor, empty or filled. */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  if (!args.params.id)
    return { admin, id: null, article: emptyArticle(new Date().toISOString().slice(0, 10)) };
  const id = parseArticleId(args.params.id);
  const found =
    id === null ? undefined : await getAnyArticle({ db: args.context.get(appContext).db, id });
  if (!found) throw data(null, { status: 404 });
  const article: EditableArticle = {
    title: found.title,
    date: found.date,
    time: found.time,
    poster: found.poster,
    position: found.position,
    images: found.images,
    intro: [found.intro[0] ?? "", found.intro[1] ?? "", found.intro[2] ?? "", found.intro[3] ?? ""],
    groups: [{ sections: found.groups[0] }, { sections: found.groups[1] }],
    closingImage: found.closingImage,
    keywords: found.keywords,
  };
  return { admin, id: found.id, article };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  metaFor(matches, {
    title: loaderData?.id ? "Edit article · Admin" : "New article · Admin",
    description: "The Smartify article editor.",
    path: loaderData?.id ? `/admin/articles/${loaderData.id}` : "/admin/articles/new",
    noindex: true,
  });

export default function AdminArticleEdit({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="editor-heading">
      <h1 id="editor-heading">{loaderData.id ? "Edit article" : "New article"}</h1>
      <AdminNav username={loaderData.admin.username} />
      <ArticleEditor id={loaderData.id} initial={loaderData.article} />
    </section>
  );
}
