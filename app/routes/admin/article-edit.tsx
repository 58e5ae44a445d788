import { data, redirect } from "react-router";
import {
  articleDraftOf,
  articleField,
  editableFromForm,
  editableFromRecord,
  emptyArticle,
  IMAGE_SLOTS,
} from "#app/features/admin/article-form";
import { describeArticleProblems } from "#app/features/admin/article-problems";
import { createArticle, updateArticle } from "#app/features/admin/changes.server";
import { AdminNav } from "#app/features/admin/components/admin-nav";
import { ArticleEditor, type EditorResult } from "#app/features/admin/components/article-editor";
import { ArticleDraftSchema } from "#app/features/articles/public.server";
import { getAnyArticle, parseArticleId } from "#app/features/articles/queries.server";
import { recordStoredFile, storedImageAddress } from "#app/features/downloads/stored-files.server";
import { MAX_UPLOAD_BYTES, saveUpload } from "#app/features/downloads/uploads.server";
import { appContext } from "#app/lib/app-context.server";
import { readMultipartForm, UploadError } from "#app/lib/multipart.server";
import { resultOrWhenOffline } from "#app/lib/client-action";
import { keepDataAfterRefusal } from "#app/lib/revalidation";
import { countOf } from "#app/lib/plural";
import { metaFor } from "#app/lib/site-data";
import type { RouteHandle } from "#app/root";
import { actorOf, adminUserContext } from "./admin-user.server";
import type { Route } from "./+types/article-edit";

export const handle: RouteHandle = { hydrate: true };

/** The article this address names, or null for /admin/articles/new; 404 for anything else. */
function articleIdOf(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  const id = parseArticleId(params.id);
  if (id === null) throw data(null, { status: 404 });
  return id;
}

/** /admin/articles/new and /admin/articles/{id}: the same editor, empty or filled. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const admin = context.get(adminUserContext);
  const id = articleIdOf(params);
  if (id === null)
    return { admin, id, article: emptyArticle(new Date().toISOString().slice(0, 10)) };
  const found = await getAnyArticle({ db: context.get(appContext).db, id });
  if (!found) throw data(null, { status: 404 });
  return { admin, id, article: editableFromRecord(found) };
}

const IMAGE_FILE_FIELDS = new Map(
  IMAGE_SLOTS.map((slot) => [articleField.image(slot, "file"), slot]),
);

/**
 * Saves the article: a new one as a draft or published, an existing one as it stands. A
 * picture chosen for an image is stored first and takes the place of its address. A draft
 * needs only its title; publishing needs the whole article (the articles feature checks).
 * A form with a mistake comes back as it was typed, each problem named as the form labels
 * its field.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = articleIdOf(params);
  const { db, storage, logger } = context.get(appContext);
  const actor = actorOf(context);
  const refusedUploads: UploadError[] = [];
  let form;
  try {
    form = await readMultipartForm(
      request,
      { maxFiles: 4, maxFileBytes: MAX_UPLOAD_BYTES },
      async ({ field, fileName, stream }) => {
        if (!IMAGE_FILE_FIELDS.has(field))
          throw new UploadError(400, "The form has a file where none belongs.");
        try {
          const upload = await saveUpload({ storage, stream, fileName, accept: "image" });
          await recordStoredFile({ db, file: { ...upload, isSample: false } });
          logger.info(
            { event: "admin-upload", admin: actor.username, sha256: upload.sha256 },
            "image uploaded",
          );
          return storedImageAddress(upload);
        } catch (error) {
          if (!(error instanceof UploadError)) throw error;
          stream.resume();
          refusedUploads.push(error);
          return null;
        }
      },
    );
  } catch (error) {
    if (error instanceof UploadError)
      return data<EditorResult>({ error: error.message }, { status: error.status });
    throw error;
  }
  const fields = { ...form.fields };
  for (const [field, src] of Object.entries(form.files)) {
    if (src) fields[articleField.image(IMAGE_FILE_FIELDS.get(field)!, "src")] = src;
  }
  const values = editableFromForm(fields);
  if (refusedUploads[0])
    return data<EditorResult>(
      { error: refusedUploads[0].message, values },
      { status: refusedUploads[0].status },
    );

  const draft = ArticleDraftSchema.safeParse(articleDraftOf(values));
  if (!draft.success) {
    const problems = describeArticleProblems(draft.error.issues);
    const error = `Not saved: ${countOf(problems.length, "field")} to fix.`;
    return data<EditorResult>({ error, problems, values }, { status: 400 });
  }
  const saved =
    id === null
      ? await createArticle({
          db,
          actor,
          article: draft.data,
          publish: fields.intent === "publish",
        })
      : await updateArticle({ db, actor, id, article: draft.data });
  if (saved === false) throw data(null, { status: 404 });
  if (typeof saved === "object") {
    const problems = describeArticleProblems(saved.notReady);
    const missing = countOf(problems.length, "field");
    const error =
      id === null
        ? `Not published: ${missing} to fill in or fix first. "Save as draft" keeps it as it is.`
        : `Not saved: this article is published, so ${missing} must be filled in or fixed first. To keep it unfinished, unpublish it from the article list.`;
    return data<EditorResult>({ error, problems, values }, { status: 400 });
  }
  return redirect(`/admin/articles?saved=${typeof saved === "number" ? saved : id}`, 303);
}

/** A dropped connection leaves the form as it was, and says so. */
export const clientAction = resultOrWhenOffline<EditorResult>({
  error: "The connection dropped before the server answered. Nothing you typed is lost: try again.",
});

export const shouldRevalidate = keepDataAfterRefusal;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  metaFor(matches, {
    title: loaderData?.id ? "Edit article · Admin" : "New article · Admin",
    description: "The Smartify article editor.",
    path: loaderData?.id ? `/admin/articles/${loaderData.id}` : "/admin/articles/new",
    noindex: true,
    keywords: ["StudyZed admin"],
  });

export default function AdminArticleEdit({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="editor-heading">
      <h1 id="editor-heading">{loaderData.id ? "Edit article" : "New article"}</h1>
      <AdminNav username={loaderData.admin.username} />
      <ArticleEditor
        id={loaderData.id}
        initial={actionData?.values ?? loaderData.article}
        result={actionData}
      />
    </section>
  );
}
