import { listAudit } from "#app/features/admin/audit.server";
import { appContext } from "#app/lib/app-context.server";
import { AdminPage, AdminTable, adminMeta } from "./admin-page";
import type { Route } from "./+types/audit";

export async function loader({ context }: Route.LoaderArgs) {
  const entries = await listAudit({ db: context.get(appContext).db });
  return {
    entries: entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
  };
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
      <AdminTable columns={["When (UTC)", "Who", "What", "Which", "Details"]}>
        {loaderData.entries.map((entry) => (
          <tr key={entry.id}>
            <td>{entry.createdAt.replace("T", " ").slice(0, 19)}</td>
            <td>{entry.actor}</td>
            <td>{entry.action}</td>
            <td>{entry.target}</td>
            <td>
              <code>{JSON.stringify(entry.details)}</code>
            </td>
          </tr>
        ))}
      </AdminTable>
    </AdminPage>
  );
}
