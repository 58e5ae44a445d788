import { readdirSync } from "node:fs";
import { request } from "node:http";

/** Bytes as they cross the network: brotli where the server offers it, as a phone asks. */
async function wireBytes(
  url: string,
  cookie?: string,
): Promise<{ status: number; bytes: number; body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    request(
      url,
      {
        headers: {
          "accept-encoding": "br, gzip",
          "user-agent": "Mozilla/5.0 (Linux; Android 10) StudyZed-budget",
          ...(cookie ? { cookie } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            bytes: body.byteLength,
            body,
            encoding: response.headers["content-encoding"],
          });
        });
      },
    )
      .on("error", reject)
      .end();
  });
}

export type PageWeight = {
  path: string;
  status: number;
  htmlBytes: number;
  cssBytes: number;
  /** HTML plus the CSS needed to draw it: what must arrive before the first render. */
  firstRenderBytes: number;
  jsBytes: number;
  stylesheets: string[];
  scripts: string[];
  /** Whether the page starts React in the browser (React Router's hydration context is in it). */
  hydrates: boolean;
};

/**
 * What one page costs: its compressed HTML, stylesheets and every script it loads (module
 * preloads, script tags and the modules its inline bootstrap imports). A page behind a login
 * (the admin pages) is asked for with the session's `cookie`.
 */
export async function measurePage(
  baseUrl: string,
  path: string,
  { cookie }: { cookie?: string } = {},
): Promise<PageWeight> {
  const page = await wireBytes(`${baseUrl}${path}`, cookie);
  const { brotliDecompressSync, gunzipSync } = await import("node:zlib");
  const html = (
    page.encoding === "br"
      ? brotliDecompressSync(page.body)
      : page.encoding === "gzip"
        ? gunzipSync(page.body)
        : page.body
  ).toString("utf8");
  const stylesheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(
    (match) => match[1]!,
  );
  const scripts = [
    ...new Set([
      ...[...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!),
      ...[...html.matchAll(/<script[^>]* src="([^"]+)"/g)].map((match) => match[1]!),
      ...[...html.matchAll(/import(?:\s*\(|[^"']*from\s*|\s+)["'](\/[^"']+\.js)["']/g)].map(
        (match) => match[1]!,
      ),
    ]),
  ];
  const sizeOf = async (asset: string) => (await wireBytes(`${baseUrl}${asset}`)).bytes;
  const cssBytes = (await Promise.all(stylesheets.map(sizeOf))).reduce(
    (sum, bytes) => sum + bytes,
    0,
  );
  const jsBytes = (await Promise.all(scripts.map(sizeOf))).reduce((sum, bytes) => sum + bytes, 0);
  return {
    path,
    status: page.status,
    htmlBytes: page.bytes,
    cssBytes,
    firstRenderBytes: page.bytes + cssBytes,
    jsBytes,
    stylesheets,
    scripts,
    hydrates: html.includes("__reactRouterContext"),
  };
}

/** The byte budgets (docs/requirements.md#light-and-offline), in bytes (1 KB = 1024 bytes). */
export const BUDGETS = {
  /** The offline helper alone: about 2 KB today. */
  contentPageJs: 4 * 1024,
  /** A page with one small script of its own instead of React (docs/decisions/0030-small-page-scripts.md). */
  scriptPageJs: 20 * 1024,
  contentPageFirstRender: 14 * 1024,
  /**
   * Everything a phone with a 2x screen loads on a first visit to a content page: the HTML
   * and CSS to draw (14 KB), the offline helper (4 KB) and the pictures it fetches at once, of
   * which an uploaded photo's copy is at most 24,000 bytes
   * (docs/decisions/0087-article-pictures-sized-for-their-place.md).
   */
  contentPageFirstVisit: 56 * 1024,
  adminPageJs: 150 * 1024,
} as const;

export const CONTENT_PAGES = [
  "/",
  "/books",
  "/tutorials",
  "/tutorials/senior",
  "/tutorials/first-year",
  "/tutorials/med",
  "/tutorials/advanced",
  "/tutorials/biology",
  "/tutorials/chemistry",
  "/tutorials/english",
  "/tutorials/mathematics",
  "/tutorials/physics",
  "/tutorials/patho",
  "/tutorials/physi",
  "/tutorials/labsc",
  "/tutorials/BI110",
  "/tutorials/CS110",
  "/past-papers",
  "/quizzes",
  "/videos",
  "/podcasts",
  "/about",
  "/app",
  "/images",
  "/smartify",
  "/smartify/1",
  "/search",
  "/search?q=patho%202019",
  "/search?q=quadratc",
  "/search?q=zzzzqqq",
  "/no-such-page",
];

/** The spec's quiz pages: a small script of their own instead of React (docs/decisions/0030-small-page-scripts.md). */
export const SPEC_QUIZ_PAGES = [
  "/introduction_to_biology",
  "/introduction_to_physics",
  "/introduction_to_mathematics",
  "/introduction_to_chemistry",
  "/cell",
  "/separation_techniques",
  "/enzymes",
  "/introduction_to_pathology",
  "/introduction_to_physiology",
  "/the_cell",
];

/** Every topic's Brain Booster (content/quizzes/topics/). */
export const TOPIC_QUIZ_PAGES = readdirSync("content/quizzes/topics").map(
  (file) => `/quizzes/${file.replace(/\.json$/, "")}`,
);

/** Pages that carry one small script of their own instead of React; one topic quiz stands for all. */
export const SCRIPT_PAGES = [
  ...SPEC_QUIZ_PAGES,
  "/quizzes/biology-movement-of-substances",
  "/login",
  "/register",
];

/**
 * One address for each public route of app/routes.ts (a subject page of each kind, every
 * quiz), as the phone checks visit them: tests/e2e/every-route-on-a-phone.test.ts.
 */
export const ONE_PAGE_PER_ROUTE = [
  "/",
  "/books",
  "/app",
  "/tutorials",
  "/tutorials/senior",
  "/tutorials/first-year",
  "/tutorials/med",
  "/tutorials/advanced",
  "/tutorials/mathematics",
  "/tutorials/patho",
  "/tutorials/BI110",
  "/past-papers",
  "/quizzes",
  "/videos",
  "/podcasts",
  "/smartify",
  "/smartify/1",
  "/images",
  "/about",
  "/saved",
  "/search?q=cell",
  "/offline",
  "/offline/search",
  "/progress",
  "/progress/introduction_to_physics",
  "/review",
  ...SCRIPT_PAGES,
  "/no-such-page",
];

/**
 * A teacher's class pages and the join link, asked for with the teacher's session: plain HTML,
 * no script of their own, the site's stylesheet and the class pages' own.
 */
export const classPages = (classId: number, code: string) => [
  "/classes",
  "/classes/new",
  `/classes/${classId}`,
  `/classes/${classId}/quizzes`,
  `/join/${code}`,
];

/** Every admin page: signed-in admins only, so they are measured with an admin's session. */
export const ADMIN_PAGES = [
  "/admin",
  "/admin/articles",
  "/admin/articles/new",
  "/admin/articles/1",
  "/admin/articles/1/preview",
  "/admin/catalogue",
  "/admin/catalogue/mathematics-indices",
  "/admin/audit",
];
