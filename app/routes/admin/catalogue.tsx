import { coveragePageName, coverageReport, servesRealFile } from "#app/features/catalogue/coverage";
import { listMaterialsForAdmin, subjectNamesBySlug } from "#app/features/catalogue/queries.server";
import { formatBytes } from "#app/features/downloads/describe-download";
import { liteCopyProgress } from "#app/features/downloads/public.server";
import { countOf } from "#app/lib/plural";
import { appContext } from "#app/lib/app-context.server";
import { EntryKey } from "#app/features/admin/components/entry-key";
import { AdminPage, AdminTable, adminMeta } from "./admin-page";
import type { Route } from "./+types/catalogue";

const SAMPLES_ONLY = "samples";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const [materials, subjectNames, lite] = await Promise.all([
    listMaterialsForAdmin({ db }),
    subjectNamesBySlug({ db }),
    liteCopyProgress({ db }),
  ]);
  const samplesOnly = url.searchParams.get("show") === SAMPLES_ONLY;
  const shown = materials.filter((material) => !samplesOnly || !servesRealFile(material));
  return {
    samplesOnly,
    lite,
    coverage: coverageReport(materials, subjectNames),
    pages: [...new Set(shown.map((material) => material.page))].map((page) => ({
      page,
      name: coveragePageName(page, subjectNames),
      items: shown.filter((material) => material.page === page),
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, {
    title: "Catalogue · Admin",
    description: "Materials by page.",
    path: "/admin/catalogue",
  });

export default function AdminCatalogue({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage id="catalogue-heading" title="Catalogue">
      <section aria-labelledby="coverage-heading" className="admin-coverage">
        <h2 id="coverage-heading">Real files</h2>
        <p>{loaderData.coverage.inAll}</p>
        <ul>
          {loaderData.coverage.pages.map(({ page, line }) => (
            <li key={page}>{line}</li>
          ))}
        </ul>
        <p>
          {loaderData.samplesOnly ? (
            <a href="/admin/catalogue">Show every entry</a>
          ) : (
            <a href={`/admin/catalogue?show=${SAMPLES_ONLY}`}>Show only entries still a sample</a>
          )}
        </p>
      </section>
      <LiteCopies {...loaderData.lite} />
      {loaderData.samplesOnly && loaderData.pages.length === 0 ? (
        <p>Every entry serves a real file.</p>
      ) : null}
      {loaderData.pages.map(({ page, name, items }) => (
        <details key={page} className="admin-page-group" open={loaderData.samplesOnly}>
          <summary>
            {name} ({items.length})
          </summary>
          <AdminTable columns={["Material", "Key", "File", "Downloads"]}>
            {items.map((material) => (
              <tr key={material.key}>
                <td data-label="Material">
                  <a href={`/admin/catalogue/${material.key}`}>
                    {[material.year, material.grade, material.title].filter(Boolean).join(" · ")}
                  </a>
                  {material.isFree ? " · FREE" : ""}
                </td>
                <td data-label="Key">
                  <EntryKey value={material.key} />
                </td>
                <td data-label="File">
                  {material.externalUrl
                    ? `External link, ${formatBytes(material.externalByteSize ?? 0)}`
                    : material.byteSize !== null
                      ? `${material.fileName} (${formatBytes(material.byteSize)})${material.isSample ? " · still a sample" : ""}${liteCopyNote(material)}`
                      : "No file"}
                </td>
                <td data-label="Downloads">{material.downloadCount}</td>
              </tr>
            ))}
          </AdminTable>
        </details>
      ))}
    </AdminPage>
  );
}

function liteCopyNote({
  contentType,
  liteByteSize,
}: {
  contentType: string | null;
  liteByteSize: number | null;
}) {
  if (liteByteSize !== null) return ` · lite copy ${formatBytes(liteByteSize)}`;
  return contentType === "application/pdf" ? " · no lite copy" : "";
}

function LiteCopies({ unfinished, failed }: Route.ComponentProps["loaderData"]["lite"]) {
  if (unfinished === 0 && failed.length === 0) return null;
  return (
    <section aria-labelledby="lite-heading" className="admin-coverage">
      <h2 id="lite-heading">Lite copies</h2>
      {unfinished > 0 ? (
        <p>{`${countOf(unfinished, "lite copy", "lite copies")} still to make.`}</p>
      ) : null}
      {failed.length > 0 ? (
        <>
          <p>
            These failed, and students get only the full file. Uploading the file again tries once
            more.
          </p>
          <ul>
            {failed.map((job) => (
              <li key={job.label + job.failedAt.toISOString()}>
                {`${job.label}: ${job.error} (tried ${job.attempts} times, last on ${job.failedAt.toISOString().slice(0, 16).replace("T", " ")} UTC)`}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
