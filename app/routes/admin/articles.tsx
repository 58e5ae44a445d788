import { AdminNav } from "#app/features/admin/components/admin-nav";
import { ArticleActions } from "#app/features/admin/components/article-actions";
import { listAllArticles } from "#app/features/articles/queries.server";
import { requireAdmin } from "#app/features/admin/page-guard.server";
import { appContext } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/site-data";
import type { RouteHandle } from "#app/root";
import type { Route } from "./+types/articles";

export const handle: RouteHandle = { hydrate: true };

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  return { admin, articles: await listAllArticles({ db: args.context.get(appContext).db }) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Articles · Admin",
    description: "Smartify articles.",
    path: "/admin/articles",
    noindex: true,
  });

export default function AdminArticles({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="articles-heading">
      <h1 id="articles-heading">Articles</h1>
      <AdminNav username={loaderData.admin.username} />
      <p>
        <a className="button" href="/admin/articles/new">
          Write a new article
        </a>
      </p>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Date</th>
            <th scope="col">State</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.articles.map((article) => (
            <tr key={article.id}>
              <td>{article.title}</td>
              <td>{article.date}</td>
              <td>
                {article.published ? "Published" : "Draft"}
                {article.isSample ? " · sample" : ""}
              </td>
              <td>
                <ArticleActions
                  id={article.id}
                  title={article.title}
                  published={article.published}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
