/**
 * What the rest of the app may use from articles, besides its routes: the articles table
 * is this feature's alone.
 */
export { ArticleBodySchema, type ArticleBody } from "./article-schema";
export {
  createArticle,
  deleteArticle,
  setArticlePublished,
  updateArticle,
} from "./commands.server";
export { loadArticles } from "./load-articles.server";
