import { data } from "react-router";
import { changeMaterialFromForm } from "#app/features/admin/material-editor.server";
import { AdminNav } from "#app/features/admin/components/admin-nav";
import { type MaterialFormResult } from "#app/features/admin/components/form-result";
import { MaterialForm } from "#app/features/admin/components/material-form";
import { findMaterialForAdmin } from "#app/features/catalogue/queries.server";
import { formatBytes } from "#app/features/downloads/describe-download";
import { MAX_UPLOAD_BYTES } from "#app/features/downloads/uploads.server";
import { QUIZ_SLUGS } from "#app/features/quizzes/quiz-constants";
import { appContext } from "#app/lib/app-context.server";
import { notFound } from "#app/lib/http.server";
import { resultOrWhenOffline } from "#app/lib/client-action";
import { keepDataAfterRefusal } from "#app/lib/revalidation";
import { countOf } from "#app/lib/plural";
import { metaFor } from "#app/lib/head";
import type { RouteHandle } from "#app/root";
import { actorOf, adminUserContext } from "./admin-user.server";
import type { Route } from "./+types/material-edit";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ params, context }: Route.LoaderArgs) {
  const admin = context.get(adminUserContext);
  const material = await findMaterialForAdmin({ db: context.get(appContext).db, key: params.key });
  if (!material) throw notFound();
  return { admin, material, maxUploadBytes: MAX_UPLOAD_BYTES };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, storage } = context.get(appContext);
  const actor = actorOf(context);
  const result = await changeMaterialFromForm({ request, db, storage, actor, key: params.key });
  if (result.outcome === "not-found") throw notFound();
  return data<MaterialFormResult>(result.message, { status: result.status });
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
