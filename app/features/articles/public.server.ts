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
export { PICTURE_BOXES } from "./article-pictures";
export { loadArticles, sizeArticlePictures } from "./load-articles.server";
export { getAnyArticle } from "./queries.server";
