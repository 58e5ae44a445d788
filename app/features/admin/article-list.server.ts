import type { Database } from "#database/client.server";
import { getAnyArticle, type NotFound } from "#app/features/articles/public.server";
import { describeArticleProblems, type FieldProblem } from "./article-problems";
import type { Actor } from "./audit.server";
import { auditedDeleteArticle, auditedSetArticlePublished } from "./audited-changes.server";

export type ArticleListResult =
  | { outcome: "confirm-delete"; title: string }
  | { outcome: "done"; done: "published" | "unpublished" | "deleted" }
  | { outcome: "not-ready"; title: string; problems: FieldProblem[] }
  | NotFound;

export async function changeArticleFromList({
  db,
  actor,
  intent,
  id,
  confirmed,
}: {
  db: Database;
  actor: Actor;
  intent: "publish" | "unpublish" | "delete";
  id: number;
  confirmed: boolean;
}): Promise<ArticleListResult> {
  if (intent === "delete" && !confirmed) {
    const article = await getAnyArticle({ db, id });
    return article ? { outcome: "confirm-delete", title: article.title } : { outcome: "not-found" };
  }
  if (intent === "delete") {
    const deleted = await auditedDeleteArticle({ db, actor, id });
    return deleted.outcome === "deleted" ? { outcome: "done", done: "deleted" } : deleted;
  }
  const published = intent === "publish";
  const changed = await auditedSetArticlePublished({ db, actor, id, published });
  switch (changed.outcome) {
    case "changed":
      return { outcome: "done", done: published ? "published" : "unpublished" };
    case "not-ready":
      return {
        outcome: "not-ready",
        title: changed.title,
        problems: describeArticleProblems(changed.issues),
      };
    case "not-found":
      return changed;
  }
}
