import { LinkCards } from "#app/components/ui/link-cards";
import { AdminPage, adminMeta } from "./admin-page";
import type { Route } from "./+types/index";

const SECTIONS = [
  {
    href: "/admin/articles",
    name: "Articles",
    note: "Write, preview, publish and remove Smartify articles",
  },
  {
    href: "/admin/catalogue",
    name: "Catalogue",
    note: "Edit materials, replace files, see downloads",
  },
  { href: "/admin/audit", name: "Audit log", note: "Who changed what, and when" },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, {
    title: "Admin",
    description: "Manage StudyZed's articles and materials.",
    path: "/admin",
  });

export default function AdminHome() {
  return (
    <AdminPage id="admin-heading" title="Admin">
      <LinkCards cards={SECTIONS} />
    </AdminPage>
  );
}
