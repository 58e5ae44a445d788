import { AdminNav } from "#app/features/admin/components/admin-nav";
import { adminUserContext } from "./admin-user.server";
import { metaFor } from "#app/lib/head";
import type { Route } from "./+types/index";

export function loader({ context }: Route.LoaderArgs) {
  return { admin: context.get(adminUserContext) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Admin",
    description: "Manage StudyZed's articles and materials.",
    path: "/admin",
    noindex: true,
    keywords: ["StudyZed admin"],
  });

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="admin-heading">
      <h1 id="admin-heading">Admin</h1>
      <AdminNav username={loaderData.admin.username} />
      <ul className="link-grid">
        <li>
          <a className="link-card" href="/admin/articles">
            Articles
            <span className="link-card__note">
              Write, preview, publish and remove Smartify articles
            </span>
          </a>
        </li>
        <li>
          <a className="link-card" href="/admin/catalogue">
            Catalogue
            <span className="link-card__note">Edit materials, replace files, see downloads</span>
          </a>
        </li>
        <li>
          <a className="link-card" href="/admin/audit">
            Audit log<span className="link-card__note">Who changed what, and when</span>
          </a>
        </li>
      </ul>
    </section>
  );
}
