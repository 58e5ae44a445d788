import { data } from "react-router";
import { ArticleActions, DeleteConfirmation } from "#app/features/admin/components/article-actions";
import {
  changeArticleFromList,
  type ArticleListResult,
} from "#app/features/admin/article-list.server";
import { type FieldProblem } from "#app/features/admin/article-problems";
import { ProblemList } from "#app/features/admin/components/editor-field";
import { ArticleListFormSchema } from "#app/features/admin/forms";
import { listAllArticles } from "#app/features/articles/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { readFormFields } from "#app/lib/http.server";
import { keepDataAfterRefusal, resultOrWhenOffline } from "#app/lib/client-action";
import { countOf } from "#app/lib/plural";
import { describeIssues } from "#app/lib/validation";
import type { RouteHandle } from "#app/root";
import { signedInUser } from "../guards.server";
import { AdminPage, AdminTable, adminMeta } from "./admin-page";
import type { Route } from "./+types/articles";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ context }: Route.LoaderArgs) {
  return { articles: await listAllArticles({ db: context.get(appContext).db }) };
}

/** How many of a draft's problems the list names; the preview names them all. */
const PROBLEMS_LISTED = 5;

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = ArticleListFormSchema.safeParse(await readFormFields(request, { maxBytes: 4096 }));
  if (!parsed.success)
    return data<ArticleListResult>({ error: describeIssues(parsed.error).error }, { status: 400 });
  const { db } = context.get(appContext);
  const actor = signedInUser(context);
  const { result, status = 200 } = await changeArticleFromList({ db, actor, ...parsed.data });
  return data(result, { status });
}

export const clientAction = resultOrWhenOffline<ArticleListResult>({
  error: "The connection dropped before the server answered: check the list, then try again.",
});

export const shouldRevalidate = keepDataAfterRefusal;

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, {
    title: "Articles · Admin",
    description: "Smartify articles.",
    path: "/admin/articles",
  });

export default function AdminArticles({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage id="articles-heading" title="Articles">
      {actionData && "confirmDelete" in actionData ? (
        <DeleteConfirmation {...actionData.confirmDelete} />
      ) : null}
      {actionData && "error" in actionData ? (
        <div role="alert" className="problem-summary">
          <p className="form-error">{actionData.error}</p>
          {actionData.notReady ? <NotReady {...actionData.notReady} /> : null}
        </div>
      ) : null}
      {actionData && "done" in actionData ? (
        <p role="status" className="form-status">
          {actionData.done}
        </p>
      ) : null}
      <p>
        <a className="button" href="/admin/articles/new">
          Write a new article
        </a>
      </p>
      <AdminTable columns={["Title", "Date", "State", "Actions"]}>
        {loaderData.articles.map((article) => (
          <tr key={article.id}>
            <td data-label="Title">{article.title}</td>
            <td data-label="Date">{article.date}</td>
            <td data-label="State">
              {article.published ? "Published" : "Draft"}
              {article.isSample ? " · sample" : ""}
            </td>
            <td data-label="Actions">
              <ArticleActions {...article} />
            </td>
          </tr>
        ))}
      </AdminTable>
    </AdminPage>
  );
}

function NotReady({ id, problems }: { id: number; problems: FieldProblem[] }) {
  const rest = problems.length - PROBLEMS_LISTED;
  return (
    <>
      <ProblemList problems={problems.slice(0, PROBLEMS_LISTED)} editor={`/admin/articles/${id}`} />
      {rest > 0 ? (
        <p>
          <a href={`/admin/articles/${id}/preview`}>
            See the other {countOf(rest, "field")} on the preview
          </a>
        </p>
      ) : null}
    </>
  );
}
