export {
  ArticleDraftSchema,
  completeArticle,
  issuesBeforePublishing,
  type ArticleDraft,
} from "./article-schema";
export {
  createArticle,
  deleteArticle,
  setArticlePublished,
  updateArticle,
  type NotReady,
} from "./commands.server";
export { loadArticles } from "./load-articles.server";
