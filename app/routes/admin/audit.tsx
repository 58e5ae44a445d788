import { listAudit } from "#app/features/admin/audit.server";
import { appContext } from "#app/lib/app-context.server";
import { AdminPage, adminMeta } from "./admin-page";
import type { Route } from "./+types/audit";

export async function loader({ context }: Route.LoaderArgs) {
  return { entries: await listAudit({ db: context.get(appContext).db }) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, {
    title: "Audit log · Admin",
    description: "Who changed what, and when.",
    path: "/admin/audit",
  });

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage id="audit-heading" title="Audit log">
      <ol className="audit-list">
        {loaderData.entries.map((entry) => (
          <li key={entry.id}>{entry.sentence}</li>
        ))}
      </ol>
    </AdminPage>
  );
}
