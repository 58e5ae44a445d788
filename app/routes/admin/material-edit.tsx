import { data } from "react-router";
import {
  replaceMaterialFile,
  replaceMaterialImage,
  setMaterialExternalLink,
  updateMaterial,
} from "#app/features/admin/changes.server";
import { AdminNav } from "#app/features/admin/components/admin-nav";
import { type MaterialFormResult } from "#app/features/admin/components/form-result";
import { MaterialForm } from "#app/features/admin/components/material-form";
import { MaterialIntentSchema } from "#app/features/admin/forms";
import { ExternalLinkSchema, MaterialEditSchema } from "#app/features/catalogue/material-schemas";
import { findMaterialForAdmin } from "#app/features/catalogue/queries.server";
import { formatBytes } from "#app/features/downloads/describe-download";
import { coverAsWebp } from "#app/features/downloads/cover-image.server";
import { storedImageAddress } from "#app/features/downloads/stored-files.server";
import {
  MAX_UPLOAD_BYTES,
  refuseUnusablePdf,
  saveUpload,
  type ReceivedUpload,
} from "#app/features/downloads/uploads.server";
import { QUIZ_SLUGS } from "#app/features/quizzes/quiz-constants";
import { appContext } from "#app/lib/app-context.server";
import { readFormFields } from "#app/lib/http.server";
import { readMultipartForm, UploadError } from "#app/lib/multipart.server";
import { resultOrWhenOffline } from "#app/lib/client-action";
import { keepDataAfterRefusal } from "#app/lib/revalidation";
import { countOf } from "#app/lib/plural";
import { metaFor } from "#app/lib/site-data";
import { describeIssues } from "#app/lib/validation";
import type { RouteHandle } from "#app/root";
import { actorOf, adminUserContext } from "./admin-user.server";
import type { Route } from "./+types/material-edit";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ params, context }: Route.LoaderArgs) {
  const admin = context.get(adminUserContext);
  const material = await findMaterialForAdmin({ db: context.get(appContext).db, key: params.key });
  if (!material) throw data(null, { status: 404 });
  return { admin, material, maxUploadBytes: MAX_UPLOAD_BYTES };
}

const result = (answer: MaterialFormResult, status = 200) => data(answer, { status });

/**
 * One of the page's four forms: the details, a new file or cover (uploads), or an external
 * link. Each change is written with its audit entry; the answer says what was stored, or
 * what was wrong, under the form that was sent.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, storage } = context.get(appContext);
  const actor = actorOf(context);
  const key = params.key;
  const multipart = request.headers.get("content-type")?.startsWith("multipart/form-data");

  if (multipart) {
    let form: "file" | "image" | undefined;
    let upload;
    try {
      upload = await readMultipartForm(
        request,
        { maxFiles: 1, maxFileBytes: MAX_UPLOAD_BYTES },
        ({ field, fileName, stream }, fieldsSoFar) => {
          const intent = MaterialIntentSchema.safeParse(fieldsSoFar).data?.intent;
          if (field !== "file" || (intent !== "file" && intent !== "image")) {
            throw new UploadError(400, "The form has a file where none belongs.");
          }
          form = intent;
          return saveUpload({
            storage,
            stream,
            fileName,
            accept: intent === "file" ? "pdf" : "cover",
          });
        },
      );
    } catch (error) {
      if (error instanceof UploadError) return result({ form, error: error.message }, error.status);
      throw error;
    }
    const intent = upload.fields.intent === "image" ? "image" : "file";
    const file: ReceivedUpload | undefined = upload.files.file;
    if (!file) return result({ form: intent, error: "Choose a file to upload." }, 400);
    const uploaded = `Uploaded ${file.fileName}, ${formatBytes(file.byteSize)}.`;
    if (intent === "file") {
      try {
        await refuseUnusablePdf({ storage, upload: file });
      } catch (error) {
        if (error instanceof UploadError)
          return result({ form: "file", error: error.message }, error.status);
        throw error;
      }
      const downloadName = await replaceMaterialFile({ db, actor, key, file });
      if (downloadName === false) throw data(null, { status: 404 });
      const done = `The new file is in place. ${uploaded} Students download it as "${downloadName}".`;
      return result({ form: "file", done });
    }
    const material = await findMaterialForAdmin({ db, key });
    if (!material) throw data(null, { status: 404 });
    let picture: ReceivedUpload;
    try {
      picture = await coverAsWebp({ storage, upload: file, kind: material.kind });
    } catch (error) {
      if (error instanceof UploadError)
        return result({ form: "image", error: error.message }, error.status);
      throw error;
    }
    const image = { src: storedImageAddress(picture), file: picture };
    if (!(await replaceMaterialImage({ db, actor, key, image }))) throw data(null, { status: 404 });
    return result({ form: "image", done: `The new picture is in place. ${uploaded}` });
  }

  const fields = await readFormFields(request, { maxBytes: 16 * 1024 });
  const intent = MaterialIntentSchema.safeParse(fields);
  if (!intent.success || (intent.data.intent !== "details" && intent.data.intent !== "link")) {
    return result({ error: "Choose what to change." }, 400);
  }
  const form = intent.data.intent;
  if (form === "details") {
    const edit = MaterialEditSchema.safeParse(fields);
    if (!edit.success) return result({ form, error: describeIssues(edit.error).error }, 400);
    if (!(await updateMaterial({ db, actor, key, edit: edit.data })))
      throw data(null, { status: 404 });
    return result({ form, done: "Saved." });
  }
  const link = ExternalLinkSchema.safeParse(fields);
  if (!link.success) return result({ form, error: describeIssues(link.error).error }, 400);
  if (!(await setMaterialExternalLink({ db, actor, key, link: link.data })))
    throw data(null, { status: 404 });
  return result({ form, done: "The link is set." });
}

/** A dropped connection leaves the page as it was, and says so. */
export const clientAction = resultOrWhenOffline<MaterialFormResult>({
  error: "The connection dropped before the server answered: check the page, then try again.",
});

export const shouldRevalidate = keepDataAfterRefusal;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  metaFor(matches, {
    title: `${loaderData?.material.title ?? "Material"} · Admin`,
    description: "Edit a material.",
    path: "/admin/catalogue",
    noindex: true,
    keywords: ["StudyZed admin"],
  });

export default function AdminMaterialEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { material } = loaderData;
  return (
    <section aria-labelledby="material-heading">
      <h1 id="material-heading">{material.title}</h1>
      <AdminNav username={loaderData.admin.username} />
      <p>
        On page <strong>{material.page}</strong> · downloaded{" "}
        {countOf(material.downloadCount, "time")} ·{" "}
        {material.externalUrl
          ? "external link"
          : material.byteSize !== null
            ? `${material.fileName}, ${formatBytes(material.byteSize)}${material.isSample ? ", still a sample" : ""}`
            : "no file"}{" "}
        · <a href={`/download/${material.key}`}>download it</a>
      </p>
      <MaterialForm
        material={material}
        quizzes={QUIZ_SLUGS}
        result={actionData}
        maxUploadBytes={loaderData.maxUploadBytes}
      />
    </section>
  );
}
