import { AdminNav } from "#app/features/admin/components/admin-nav";
import { listAudit } from "#app/features/admin/audit.server";
import { adminUserContext } from "./admin-user.server";
import { appContext } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/head";
import type { Route } from "./+types/audit";

export async function loader(args: Route.LoaderArgs) {
  const admin = args.context.get(adminUserContext);
  const entries = await listAudit({ db: args.context.get(appContext).db });
  return {
    admin,
    entries: entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Audit log · Admin",
    description: "Who changed what, and when.",
    path: "/admin/audit",
    noindex: true,
    keywords: ["StudyZed admin"],
  });

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="audit-heading">
      <h1 id="audit-heading">Audit log</h1>
      <AdminNav username={loaderData.admin.username} />
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">When (UTC)</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Which</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </table>
    </section>
  );
}
