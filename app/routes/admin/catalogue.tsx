import { AdminNav } from "#app/features/admin/components/admin-nav";
import { listMaterialsForAdmin, type AdminMaterial } from "#app/features/catalogue/queries.server";
import { adminUserContext } from "./admin-user.server";
import { formatBytes } from "#app/features/downloads/describe-download";
import { appContext } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/site-data";
import type { Route } from "./+types/catalogue";

export async function loader(args: Route.LoaderArgs) {
  const admin = args.context.get(adminUserContext);
  const materials = await listMaterialsForAdmin({ db: args.context.get(appContext).db });
  const pages = new Map<string, AdminMaterial[]>();
  for (const material of materials)
    pages.set(material.page, [...(pages.get(material.page) ?? []), material]);
  return { admin, pages: [...pages.entries()].map(([page, items]) => ({ page, items })) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Catalogue · Admin",
    description: "Materials by page.",
    path: "/admin/catalogue",
    noindex: true,
    keywords: ["StudyZed admin"],
  });

export default function AdminCatalogue({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="catalogue-heading">
      <h1 id="catalogue-heading">Catalogue</h1>
      <AdminNav username={loaderData.admin.username} />
      {loaderData.pages.map(({ page, items }) => (
        <details key={page} className="admin-page-group">
          <summary>
            {page} ({items.length})
          </summary>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Material</th>
                <th scope="col">File</th>
                <th scope="col">Downloads</th>
              </tr>
            </thead>
            <tbody>
              {items.map((material) => (
                <tr key={material.key}>
                  <td>
                    <a href={`/admin/catalogue/${material.key}`}>
                      {[material.year, material.grade, material.title].filter(Boolean).join(" · ")}
                    </a>
                    {material.isFree ? " · FREE" : ""}
                  </td>
                  <td>
                    {material.externalUrl
                      ? `External link, ${formatBytes(material.externalByteSize ?? 0)}`
                      : material.byteSize !== null
                        ? `${material.fileName} (${formatBytes(material.byteSize)})${material.isSample ? " · still a sample" : ""}`
                        : "No file"}
                  </td>
                  <td>{material.downloadCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ))}
    </section>
  );
}
