export {
  ArticleDraftSchema,
  completeArticle,
  draftOfStored,
  issuesBeforePublishing,
  type ArticleDraft,
} from "./article-schema";
export {
  createArticle,
  deleteArticle,
  setArticlePublished,
  updateArticle,
  type NotFound,
} from "./commands.server";
export { loadArticles } from "./load-articles.server";
export { getAnyArticle } from "./queries.server";
