import { data } from "react-router";
import { changeMaterialFromForm } from "#app/features/admin/material-editor.server";
import { type MaterialFormResult } from "#app/features/admin/components/form-result";
import { EntryKey } from "#app/features/admin/components/entry-key";
import { MaterialForm } from "#app/features/admin/components/material-form";
import { entryLiteCopy } from "#app/features/admin/entry-lite-copy.server";
import { findMaterialForAdmin } from "#app/features/catalogue/queries.server";
import { formatBytes } from "#app/features/downloads/describe-download";
import { MAX_UPLOAD_BYTES } from "#app/features/downloads/uploads.server";
import { QUIZ_SLUGS } from "#app/features/quizzes/public.server";
import { appContext } from "#app/lib/app-context.server";
import { notFound } from "#app/lib/http.server";
import { keepDataAfterRefusal, resultOrWhenOffline } from "#app/lib/client-action";
import { countOf } from "#app/lib/plural";
import type { RouteHandle } from "#app/root";
import { signedInUser } from "../guards.server";
import { AdminPage, adminMeta } from "./admin-page";
import type { Route } from "./+types/material-edit";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const material = await findMaterialForAdmin({ db, key: params.key });
  if (!material) throw notFound();
  const liteCopy = await entryLiteCopy({ db, material });
  return { material, liteCopy, maxUploadBytes: MAX_UPLOAD_BYTES, quizzes: QUIZ_SLUGS };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, storage } = context.get(appContext);
  const actor = signedInUser(context);
  const result = await changeMaterialFromForm({ request, db, storage, actor, key: params.key });
  if (result.outcome === "not-found") throw notFound();
  return data<MaterialFormResult>(result.message, { status: result.status });
}

export const clientAction = resultOrWhenOffline<MaterialFormResult>({
  error: "The connection dropped before the server answered: check the page, then try again.",
});

export const shouldRevalidate = keepDataAfterRefusal;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(matches, {
    title: `${loaderData?.material.title ?? "Material"} · Admin`,
    description: "Edit a material.",
    path: "/admin/catalogue",
  });

export default function AdminMaterialEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { material } = loaderData;
  return (
    <AdminPage id="material-heading" title={material.title}>
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
      <p>
        Key: <EntryKey value={material.key} />, the name the importer places a file by and the end
        of its download address.
      </p>
      <p>{loaderData.liteCopy}</p>
      <MaterialForm
        material={material}
        quizzes={loaderData.quizzes}
        result={actionData}
        maxUploadBytes={loaderData.maxUploadBytes}
      />
    </AdminPage>
  );
}
