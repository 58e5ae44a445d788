import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { QUIZ_SLUGS } from "./features/quizzes/quiz-constants";
import { CANONICAL_REDIRECTS } from "./routes/canonical-redirect";

/**
 * Every address the site answers, written out so that a URL leads straight to its module
 * (docs/requirements.md lists what each must do). The only addresses not here are files
 * served as they are, /assets/… and the copies of public/ (server/static-files.ts).
 */
export default [
  // Pages.
  index("routes/home.tsx"),
  route("books", "routes/books.tsx"),
  route("app", "routes/android-app.tsx"),
  route("tutorials", "routes/tutorials/senior.tsx", { id: "routes/tutorials/index" }),
  route("tutorials/senior", "routes/tutorials/senior.tsx"),
  route("tutorials/first-year", "routes/tutorials/first-year.tsx"),
  route("tutorials/med", "routes/tutorials/med.tsx"),
  route("tutorials/advanced", "routes/tutorials/advanced.tsx"),
  // The five subjects, eleven medical subjects and six courses, looked up by slug.
  route("tutorials/:slug", "routes/tutorials/subject.tsx"),
  route("past-papers", "routes/past-papers.tsx"),
  route("quizzes", "routes/quizzes.tsx"),
  route("videos", "routes/videos.tsx"),
  route("podcasts", "routes/podcasts.tsx"),
  route("smartify", "routes/smartify/index.tsx"),
  route("smartify/:id", "routes/smartify/article.tsx"),
  route("images", "routes/images.tsx"),
  route("about", "routes/about.tsx"),
  route("search", "routes/search.tsx"),
  route("saved", "routes/saved.tsx"),
  route("offline", "routes/offline.tsx"),
  route("offline/search", "routes/offline-search.tsx"),
  // Brain Booster quizzes sit at the top level, as the older site's links do (/cell).
  ...QUIZ_SLUGS.map((slug) => route(slug, "routes/quiz.tsx", { id: `quiz-${slug}` })),
  // Old canonical addresses, kept working with a 301 to the page that serves them.
  ...Object.keys(CANONICAL_REDIRECTS).map((path) =>
    route(path.slice(1), "routes/canonical-redirect.tsx", {
      id: `redirect${path.replace("/", "-")}`,
      caseSensitive: true,
    }),
  ),

  // Accounts. /register also answers the older app's POST /register/ (see its module).
  route("register", "routes/register.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.ts"),
  // The signed-in student's own account: signed-in accounts only, guarded by the layout.
  layout("routes/account/layout.tsx", [
    route("account", "routes/account/index.tsx"),
    route("account/data", "routes/account/data.ts"),
  ]),
  route("account/deleted", "routes/account/deleted.tsx"),

  // My progress: a student's own quiz attempts (signed in), or an invite to log in.
  route("progress", "routes/progress/index.tsx"),
  route("progress/attempts/:id", "routes/progress/attempt.tsx"),
  route("progress/:quiz", "routes/progress/quiz.tsx"),

  // The older Android app's calls: frozen JSON contracts.
  route("api/token", "routes/api/token.ts"),
  route("api/token/refresh", "routes/api/token-refresh.ts"),
  route("api/token/blacklist", "routes/api/token-blacklist.ts"),
  route("List", "routes/api/list.ts"),
  route("Data/:id?", "routes/api/data.ts"),

  // A student's quiz attempts, for the phone's own pages and the app (access token).
  route("api/attempts", "routes/api/attempts.ts"),
  route("api/attempts/:id", "routes/api/attempt.ts"),

  // Files from storage: downloads, the players' media, uploaded pictures.
  route("download/:key", "routes/files/download.tsx"),
  // The same file's lite copy, for reading on a phone (app/features/downloads/lite-copies.server.ts).
  route("download/:key/lite", "routes/files/download.tsx", { id: "routes/files/download-lite" }),
  route("media/:key", "routes/files/media.tsx"),
  route("files/:name", "routes/files/uploaded-image.tsx"),

  // Share cards: the link-preview pictures of articles and subject pages ({id}.png, {slug}.png).
  route("share/article/:file", "routes/share/article-card.tsx"),
  route("share/subject/:file", "routes/share/subject-card.tsx"),

  // Admin pages and forms: signed-in admins only, guarded by the layout's middleware.
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/index.tsx"),
    route("admin/articles", "routes/admin/articles.tsx"),
    route("admin/articles/new", "routes/admin/article-edit.tsx", { id: "admin-article-new" }),
    route("admin/articles/:id", "routes/admin/article-edit.tsx", { id: "admin-article-edit" }),
    route("admin/articles/:id/preview", "routes/admin/article-preview.tsx"),
    route("admin/catalogue", "routes/admin/catalogue.tsx"),
    route("admin/catalogue/:key", "routes/admin/material-edit.tsx"),
    route("admin/audit", "routes/admin/audit.tsx"),
  ]),

  // What "Add to Home screen" installs.
  route("manifest.webmanifest", "routes/web-app-manifest.ts"),

  // For load balancers and monitors.
  route("healthz", "routes/healthz.ts"),

  // Anything else: the not-found screen.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
