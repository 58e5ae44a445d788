import { data } from "react-router";
import { AdminNav } from "#app/features/admin/components/admin-nav";
import { MaterialForm } from "#app/features/admin/components/material-form";
import { findMaterialForAdmin } from "#app/features/catalogue/queries.server";
import { requireAdmin } from "#app/features/admin/page-guard.server";
import { QUIZ_SLUGS } from "#app/features/quizzes/quiz-constants";
import { formatBytes } from "#app/features/downloads/describe-download";
import { appContext } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/site-data";
import type { RouteHandle } from "#app/root";
import type { Route } from "./+types/material-edit";

export const handle: RouteHandle = { hydrate: true };

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const material = await findMaterialForAdmin({
    db: args.context.get(appContext).db,
    key: args.params.key,
  });
  if (!material) throw data(null, { status: 404 });
  return { admin, material };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  metaFor(matches, {
    title: `${loaderData?.material.title ?? "Material"} · Admin`,
    description: "Edit a material.",
    path: "/admin/catalogue",
    noindex: true,
  });

export default function AdminMaterialEdit({ loaderData }: Route.ComponentProps) {
  const { material } = loaderData;
  return (
    <section aria-labelledby="material-heading">
      <h1 id="material-heading">{material.title}</h1>
      <AdminNav username={loaderData.admin.username} />
      <p>
        On page <strong>{material.page}</strong> · downloaded {material.downloadCount} times ·{" "}
        {material.externalUrl
          ? "external link"
          : material.byteSize !== null
            ? `${material.fileName}, ${formatBytes(material.byteSize)}${material.isSample ? ", still a sample" : ""}`
            : "no file"}{" "}
        · <a href={`/download/${material.key}`}>download it</a>
      </p>
      <MaterialForm material={material} quizzes={QUIZ_SLUGS} />
    </section>
  );
}
