import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { AdminNav } from "#app/features/admin/components/admin-nav";
import { metaFor, type PageHead } from "#app/lib/head";
import type { loader } from "./layout";

type AdminPageProps = { id: string; title: string; children: ReactNode };

export function AdminPage({ id, title, children }: AdminPageProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  return (
    <section aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      <AdminNav username={layout?.username ?? ""} />
      {children}
    </section>
  );
}

export function AdminTable({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <table className="admin-table">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

export function adminMeta(
  matches: Parameters<typeof metaFor>[0],
  head: Pick<PageHead, "title" | "description" | "path">,
) {
  return metaFor(matches, { ...head, noindex: true, keywords: ["StudyZed admin"] });
}
