import type { z } from "zod";
import { getAnyArticle } from "#app/features/articles/public.server";
import { countOf } from "#app/lib/plural";
import { describeArticleProblems, type FieldProblem } from "./article-problems";
import type { AdminChange } from "./audit.server";
import { auditedDeleteArticle, auditedSetArticlePublished } from "./audited-changes.server";
import type { ArticleListFormSchema } from "./forms";

export type ArticleListResult =
  | { done: string }
  | { error: string; notReady?: { id: number; problems: FieldProblem[] } }
  | { confirmDelete: { id: number; title: string } };

const notFound = { result: { error: "That article does not exist." }, status: 404 };

type ListChange = AdminChange & z.output<typeof ArticleListFormSchema>;

/** What the list shows after one of its buttons is pressed, and the status it is sent with. */
export async function changeArticleFromList(
  change: ListChange,
): Promise<{ result: ArticleListResult; status?: number }> {
  const { db, actor, intent, id, confirmed } = change;
  if (intent === "delete" && !confirmed) {
    const article = await getAnyArticle({ db, id });
    return article ? { result: { confirmDelete: { id, title: article.title } } } : notFound;
  }
  if (intent === "delete") {
    const deleted = await auditedDeleteArticle({ db, actor, id });
    return deleted.outcome === "deleted"
      ? { result: { done: "The article is deleted." } }
      : notFound;
  }
  const published = intent === "publish";
  const changed = await auditedSetArticlePublished({ db, actor, id, published });
  switch (changed.outcome) {
    case "changed":
      return { result: { done: `The article is ${published ? "published" : "unpublished"}.` } };
    case "not-found":
      return notFound;
    case "not-ready": {
      const problems = describeArticleProblems(changed.issues);
      const error = `Not published: "${changed.title}" has ${countOf(problems.length, "field")} to fill in or fix first.`;
      return { result: { error, notReady: { id, problems } }, status: 400 };
    }
  }
}
