import { data, redirect } from "react-router";
import { emptyArticle } from "#app/features/admin/article-form";
import { editableFromRecord, saveArticleForm } from "#app/features/admin/article-editor.server";
import { ArticleEditor, type EditorResult } from "#app/features/admin/components/article-editor";
import { getAnyArticle, parseArticleId } from "#app/features/articles/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { keepDataAfterRefusal, resultOrWhenOffline } from "#app/lib/client-action";
import { notFound } from "#app/lib/http.server";
import type { RouteHandle } from "#app/root";
import { signedInUser } from "../guards.server";
import { AdminPage, adminMeta } from "./admin-page";
import type { Route } from "./+types/article-edit";

export const handle: RouteHandle = { hydrate: true };

/** Null for /admin/articles/new. */
function articleIdOf(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  const id = parseArticleId(params.id);
  if (id === null) throw notFound();
  return id;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = articleIdOf(params);
  if (id === null) return { id, published: false, article: emptyArticle() };
  const found = await getAnyArticle({ db: context.get(appContext).db, id });
  if (!found) throw notFound();
  return { id, published: found.published, article: editableFromRecord(found) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = articleIdOf(params);
  const { db, storage, logger } = context.get(appContext);
  const actor = signedInUser(context);
  const result = await saveArticleForm({ request, db, storage, logger, actor, id });
  if (result.outcome === "not-found") throw notFound();
  if (result.outcome === "refused")
    return data<EditorResult>(result.message, { status: result.status });
  return redirect(`/admin/articles?saved=${result.id}`, 303);
}

export const clientAction = resultOrWhenOffline<EditorResult>({
  error: "The connection dropped before the server answered. Nothing you typed is lost: try again.",
});

export const shouldRevalidate = keepDataAfterRefusal;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(matches, {
    title: loaderData?.id ? "Edit article · Admin" : "New article · Admin",
    description: "The Smartify article editor.",
    path: loaderData?.id ? `/admin/articles/${loaderData.id}` : "/admin/articles/new",
  });

export default function AdminArticleEdit({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage id="editor-heading" title={loaderData.id ? "Edit article" : "New article"}>
      <ArticleEditor
        id={loaderData.id}
        published={loaderData.published}
        initial={actionData?.values ?? loaderData.article}
        result={actionData}
      />
    </AdminPage>
  );
}
