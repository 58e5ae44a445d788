import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { SPEC_QUIZ_SLUGS } from "./features/quizzes/quiz-constants";
import { CANONICAL_REDIRECTS } from "./routes/canonical-redirect";

// Every address but the static files (/assets/… and public/), so a URL leads to its module.
export default [
  index("routes/home.tsx"),
  route("books", "routes/books.tsx"),
  route("app", "routes/android-app.tsx"),
  ...["tutorials", "tutorials/senior", "tutorials/first-year", "tutorials/med"].map((path) =>
    route(path, "routes/tutorials/level.tsx", { id: path }),
  ),
  route("tutorials/advanced", "routes/tutorials/advanced.tsx"),
  route("tutorials/:slug", "routes/tutorials/subject.tsx"),
  route("past-papers", "routes/past-papers.tsx"),
  route("quizzes", "routes/quizzes.tsx"),
  // A topic's Brain Booster: a hyphenated name under /quizzes/, apart from the spec's.
  route("quizzes/:slug", "routes/quiz.tsx", { id: "quiz-topic" }),
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
  ...SPEC_QUIZ_SLUGS.map((slug) => route(slug, "routes/quiz.tsx", { id: `quiz-${slug}` })),
  // The older site's short addresses: a 301 to the page that serves them.
  ...Object.keys(CANONICAL_REDIRECTS).map((path) =>
    route(path.slice(1), "routes/canonical-redirect.tsx", {
      id: `redirect${path.replace("/", "-")}`,
      caseSensitive: true,
    }),
  ),

  // /register also takes the older app's POST /register/.
  route("register", "routes/register.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.ts"),
  layout("routes/account/layout.tsx", [
    route("account", "routes/account/index.tsx"),
    route("account/data", "routes/account/data.ts"),
  ]),
  route("account/deleted", "routes/account/deleted.tsx"),

  route("progress", "routes/progress/index.tsx"),
  route("progress/attempts/:id", "routes/progress/attempt.tsx"),
  route("progress/:quiz", "routes/progress/quiz.tsx"),
  route("review", "routes/review.tsx"),

  layout("routes/classes/layout.tsx", [
    route("classes", "routes/classes/index.tsx"),
    route("classes/new", "routes/classes/new.tsx"),
    route("classes/:id", "routes/classes/class.tsx"),
    route("classes/:id/quizzes", "routes/classes/set-quiz.tsx"),
    route("classes/:id/students/:student", "routes/classes/student.tsx"),
    route("classes/:id/csv", "routes/classes/csv.ts"),
  ]),
  // A teacher's shared link: it shows the class and a Join button, signed in or not.
  route("join/:code", "routes/join.tsx"),

  // The older Android app's calls: frozen JSON contracts.
  route("api/token", "routes/api/token.ts"),
  route("api/token/refresh", "routes/api/token-refresh.ts"),
  route("api/token/blacklist", "routes/api/token-blacklist.ts"),
  route("List", "routes/api/list.ts"),
  route("Data/:id?", "routes/api/data.ts"),

  route("api/attempts", "routes/api/attempts.ts"),
  route("api/attempts/:id", "routes/api/attempt.ts"),
  route("api/review", "routes/api/review.ts"),
  route("api/classes", "routes/api/classes.ts"),

  route("download/:key", "routes/files/download.tsx"),
  // Case-sensitive: /LITE must not serve the full file under the lite copy's address.
  route("download/:key/lite", "routes/files/download.tsx", {
    id: "routes/files/download-lite",
    caseSensitive: true,
  }),
  route("media/:key", "routes/files/media.tsx"),
  route("files/:name", "routes/files/uploaded-image.tsx"),

  route("share/article/:file", "routes/share/article-card.tsx"),
  route("share/subject/:file", "routes/share/subject-card.tsx"),

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

  route("manifest.webmanifest", "routes/web-app-manifest.ts"),

  route("healthz", "routes/healthz.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
