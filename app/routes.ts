import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { QUIZ_SLUGS } from "./features/quizzes/quiz-constants";
import { CANONICAL_REDIRECTS } from "./routes/canonical-redirect";

/** The route table of spec §2, written out so that a URL leads straight to its module. */
export default [
  index("routes/home.tsx"),
  route("register", "routes/register.tsx"),
  route("login", "routes/login.tsx"),
  route("books", "routes/books.tsx"),
  route("app", "routes/android-app.tsx"),
  route("tutorials", "routes/tutorials/index.tsx"),
  route("tutorials/senior", "routes/tutorials/senior.tsx"),
  route("tutorials/first-year", "routes/tutorials/first-year.tsx"),
  route("tutorials/med", "routes/tutorials/med.tsx"),
  route("tutorials/advanced", "routes/tutorials/advanced.tsx"),
  // The five subjects, eleven medical subjects and six courses, looked up by slug.
  route("tutorials/:slug", "routes/tutorials/subject.tsx"),
  route("videos", "routes/videos.tsx"),
  route("podcasts", "routes/podcasts.tsx"),
  route("smartify", "routes/smartify/index.tsx"),
  route("smartify/:id", "routes/smartify/article.tsx"),
  route("images", "routes/images.tsx"),
  route("about", "routes/about.tsx"),
  route("saved", "routes/saved.tsx"),
  route("offline", "routes/offline.tsx"),
  route("admin", "routes/admin/index.tsx"),
  route("admin/articles", "routes/admin/articles.tsx"),
  route("admin/articles/new", "routes/admin/article-edit.tsx", { id: "admin-article-new" }),
  route("admin/articles/:id", "routes/admin/article-edit.tsx", { id: "admin-article-edit" }),
  route("admin/articles/:id/preview", "routes/admin/article-preview.tsx"),
  route("admin/catalogue", "routes/admin/catalogue.tsx"),
  route("admin/catalogue/:key", "routes/admin/material-edit.tsx"),
  route("admin/audit", "routes/admin/audit.tsx"),
  // Brain Booster quizzes sit at the top level, as the spec's links do (/introduction_to_biology).
  ...QUIZ_SLUGS.map((slug) => route(slug, "routes/quiz.tsx", { id: `quiz-${slug}` })),
  ...Object.keys(CANONICAL_REDIRECTS).map((path) =>
    route(path.slice(1), "routes/canonical-redirect.tsx", {
      id: `redirect${path.replace("/", "-")}`,
      caseSensitive: true,
    }),
  ),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
