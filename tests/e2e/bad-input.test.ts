import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "#server/logger";
import { createTestUser, TEST_PASSWORD } from "#tests/setup/accounts";
import { insertArticle } from "#tests/setup/article-fixtures";
import { articleFormFields } from "#tests/setup/forms";
import {
  formCallProbes,
  FORBIDDEN_FILES,
  HOSTILE_HEADERS,
  HOSTILE_IDS,
  HOSTILE_RANGES,
  HOSTILE_STRINGS,
  jsonCallProbes,
  PASSWORD_MARK,
  type Probe,
} from "#tests/setup/bad-input";
import { createSeededDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import { serveSite } from "#tests/setup/site-in-process";
import type { RunningServer } from "#tests/setup/http";
import { DATABASE_KINDS } from "#tests/setup/test-database";
import { placeholderPdf } from "#tests/setup/placeholder-pdf";

/**
 * Every endpoint and form, sent rubbish (docs/security.md#input). Each answer must be a clean success or
 * a 4xx that says what was wrong; never a 5xx. The server must keep answering, and its
 * logs (at info level, as in production) must hold no password or token.
 */
const PAGES = [
  "/",
  "/books",
  "/tutorials",
  "/tutorials/senior",
  "/tutorials/mathematics",
  "/tutorials/patho",
  "/videos",
  "/podcasts",
  "/smartify",
  "/smartify/1",
  "/login",
  "/register",
  "/about",
  "/app",
  "/saved",
  "/progress",
  "/progress/introduction_to_physics",
  "/progress/attempts/progress-0123456789ab",
  "/introduction_to_physics",
  "/admin",
  "/admin/articles",
];
/** Query values sent as they are, already escaped (or deliberately broken). */
const QUERY_VALUES = {
  "broken escape": "%E0%A4%A",
  "escaped lone surrogate": "%ED%A0%80",
  "nested brackets": "a[b][c][d]=1",
  "off-site next": "https://evil.example",
  "protocol-relative next": "//evil.example",
};
const STUDENT_PASSWORD = `${PASSWORD_MARK}-Kafue-Flats-2026`;

describe.each(DATABASE_KINDS)("bad input on %s", (kind) => {
  let seeded: SeededDatabase;
  let server: RunningServer;
  const logLines: string[] = [];
  const issuedSecrets: string[] = [];
  let adminCookie = "";
  let articleId = 0;
  let downloadKey = "";
  let mediaKey = "";
  let client = 0;
  let requestsSent = 0;

  beforeAll(async () => {
    seeded = await createSeededDatabase(kind);
    const logger = createLogger({
      level: "info",
      destination: { write: (line: string) => void logLines.push(line) },
    });
    // Behind a proxy, so that each probe can come from its own address and rate limits do
    // not hide what the validation would say.
    server = await serveSite({
      database: seeded.database,
      storage: seeded.storage,
      logger,
      config: { trustProxy: 1 },
    });
    await createTestUser(seeded.database.db, "fuzzadmin", "admin");
    articleId = await insertArticle(seeded.database.db, { published: true });
    const login = await post("/api/token/", { username: "fuzzadmin", password: TEST_PASSWORD });
    adminCookie = login.headers.get("set-cookie")!.split(";")[0]!;
    const tokens = (await login.json()) as { refresh: string; access: string };
    issuedSecrets.push(adminCookie.split("=")[1]!, tokens.refresh, tokens.access);
    downloadKey = /\/download\/([\w-]+)/.exec(
      await (await fetch(`${server.url}/books`)).text(),
    )![1]!;
    mediaKey = /\/media\/([\w-]+)/.exec(await (await fetch(`${server.url}/videos`)).text())![1]!;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await seeded?.destroy();
  });

  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": nextClient() },
      body: JSON.stringify(body),
    });
  const nextClient = () => `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client++ & 255}`;

  /** Sends every probe (four at a time) and returns a line for each answer that broke a rule. */
  async function problemsWith(
    probes: Probe[],
    expectStatus?: (status: number, probe: Probe) => boolean,
  ): Promise<string[]> {
    const problems: string[] = [];
    const queue = [...probes];
    const worker = async () => {
      for (let probe = queue.shift(); probe; probe = queue.shift()) {
        const problem = await check(probe, expectStatus);
        if (problem) problems.push(problem);
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    const health = await fetch(`${server.url}/healthz`);
    if (health.status !== 200)
      problems.push(`the server stopped answering: /healthz gave ${health.status}`);
    return problems;
  }

  async function check(
    probe: Probe,
    expectStatus?: (status: number, probe: Probe) => boolean,
  ): Promise<string | null> {
    const name = `${probe.method} ${probe.path.slice(0, 80)} [${probe.label}]`;
    let response: Response;
    requestsSent++;
    try {
      response = await fetch(`${server.url}${probe.path}`, {
        method: probe.method,
        headers: { "x-forwarded-for": nextClient(), ...probe.headers },
        body: probe.body,
        redirect: "manual",
      });
    } catch (error) {
      return `${name}: no answer (${(error as Error).message})`;
    }
    const text = await response.text();
    if (response.status >= 500) return `${name}: ${response.status} ${text.slice(0, 160)}`;
    if (expectStatus && !expectStatus(response.status, probe))
      return `${name}: unexpected ${response.status} ${text.slice(0, 120)}`;
    if (/root:x:0:0|BEGIN [A-Z ]*PRIVATE KEY|DATABASE_URL/.test(text))
      return `${name}: leaked a file's contents`;
    if (
      response.status >= 400 &&
      probe.method !== "HEAD" &&
      !saysWhatWentWrong(text, response.headers.get("content-type"))
    ) {
      return `${name}: ${response.status} without a message: ${text.slice(0, 120)}`;
    }
    return null;
  }

  /** An admin's session, from this site (the admin calls refuse cross-site requests). */
  const adminHeaders = () => ({ cookie: adminCookie, origin: server.url });

  it("the account calls answer broken bodies with a 4xx that names the problem", async () => {
    let user = 0;
    const register = () => ({
      first_name: "Mwila",
      last_name: "Banda",
      username: `fuzz${kind}${user++}`,
      email: "",
      password: STUDENT_PASSWORD,
    });
    const probes = [
      ...jsonCallProbes({
        method: "POST",
        path: "/register/",
        valid: register,
        fields: ["first_name", "last_name", "username", "email", "password"],
      }),
      ...jsonCallProbes({
        method: "POST",
        path: "/api/token/",
        valid: () => ({ username: "fuzzadmin", password: STUDENT_PASSWORD }),
        fields: ["username", "password"],
      }),
      ...jsonCallProbes({
        method: "POST",
        path: "/api/token/refresh/",
        valid: () => ({ refresh: issuedSecrets[1] }),
        fields: ["refresh"],
      }),
      ...jsonCallProbes({
        method: "POST",
        path: "/api/token/blacklist/",
        valid: () => ({ refresh: "not.a.token" }),
        fields: ["refresh"],
      }),
      // The login and register pages' own forms, posted without JavaScript.
      ...formCallProbes({
        path: "/login",
        valid: () => ({ username: "fuzzadmin", password: STUDENT_PASSWORD }),
        fields: ["username", "password"],
      }),
      ...formCallProbes({
        path: "/register",
        valid: () => {
          const { email: _email, ...fields } = register();
          return fields;
        },
        fields: ["first_name", "last_name", "username", "password"],
      }),
      // The admin pages' logout form: garbage cookies and bodies, from this site and from none.
      ...Object.entries(HOSTILE_HEADERS).flatMap(([label, headers]) => [
        {
          label,
          method: "POST",
          path: "/logout",
          headers: {
            ...headers,
            origin: server.url,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: "x=%00&y",
        },
        { label: `${label}, no origin`, method: "POST", path: "/logout", headers, body: "{" },
      ]),
    ];
    expect(await problemsWith(probes)).toEqual([]);
  }, 120_000);

  it("the admin forms answer broken posts with a 4xx that names the problem", async () => {
    const headers = adminHeaders();
    const articleFields = [
      "title",
      "date",
      "time",
      "poster",
      "position",
      "images.0.src",
      "images.0.alt",
      "intro.0",
      "groups.0.sections.0.heading",
      "keywords",
      "intent",
    ];
    const probes = [
      ...formCallProbes({
        path: "/admin/articles/new",
        valid: () => articleFormFields({ intent: "draft" }),
        fields: articleFields,
        headers,
        multipart: true,
      }),
      ...formCallProbes({
        path: `/admin/articles/${articleId}`,
        valid: () => articleFormFields({ intent: "save" }),
        fields: articleFields,
        headers,
        multipart: true,
      }),
      ...formCallProbes({
        path: "/admin/articles",
        valid: () => ({ intent: "publish", id: String(articleId) }),
        fields: ["intent", "id", "confirmed"],
        headers,
      }),
      ...formCallProbes({
        path: "/admin/catalogue/mathematics-indices",
        valid: () => ({
          intent: "details",
          title: "Indices",
          isFree: "on",
          priceZmw: "",
          crossedOutPrice: "",
          grade: "Ten",
          year: "2024",
          label: "",
          brainBooster: "",
        }),
        fields: [
          "intent",
          "title",
          "isFree",
          "priceZmw",
          "crossedOutPrice",
          "grade",
          "year",
          "label",
          "brainBooster",
        ],
        headers,
      }),
      ...formCallProbes({
        path: "/admin/catalogue/mathematics-indices",
        valid: () => ({ intent: "link", url: "https://example.org/a.pdf", byteSize: "1000" }),
        fields: ["url", "byteSize"],
        headers,
      }),
    ];
    expect(await problemsWith(probes)).toEqual([]);
  }, 180_000);

  it("the upload calls refuse files that are broken, mislabelled or not files", async () => {
    const boundary = "----fuzzboundary";
    // Each form names what it changes before its file (app/features/admin/components/material-form.tsx).
    let intent = "file";
    let fileField = "file";
    const part = (fileName: string, content: string | Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${intent}\r\n--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        Buffer.from(content),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const pdf = placeholderPdf("an upload with a strange name", 2_000);
    const bodies = (): Record<string, [string, string | Buffer]> => ({
      "no content type": ["", pdf],
      "JSON instead of a file": ["application/json", '{"file": "x"}'],
      "multipart without a boundary": ["multipart/form-data", pdf],
      "empty multipart": [`multipart/form-data; boundary=${boundary}`, ""],
      "multipart with no file": [
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      ],
      "cut-off multipart": [
        `multipart/form-data; boundary=${boundary}`,
        part("a.pdf", pdf).subarray(0, 300),
      ],
      "text file named .pdf": [
        `multipart/form-data; boundary=${boundary}`,
        part("notes.pdf", "just some text"),
      ],
      "HTML file named .png": [
        `multipart/form-data; boundary=${boundary}`,
        part("x.png", "<html><script>alert(1)</script></html>"),
      ],
      "traversal in the file name": [
        `multipart/form-data; boundary=${boundary}`,
        part("../../../etc/passwd.pdf", pdf),
      ],
      "NUL in the file name": [
        `multipart/form-data; boundary=${boundary}`,
        part("a\u0000b.pdf", pdf),
      ],
      "5000-character file name": [
        `multipart/form-data; boundary=${boundary}`,
        part(`${"n".repeat(5000)}.pdf`, pdf),
      ],
      "1 MB of noise": [
        `multipart/form-data; boundary=${boundary}`,
        part("noise.pdf", Buffer.alloc(1024 * 1024, 7)),
      ],
    });
    const forms = [
      ["/admin/articles/new", "draft", "images.0.file"],
      ["/admin/catalogue/mathematics-indices", "file", "file"],
      ["/admin/catalogue/mathematics-indices", "image", "file"],
    ] as const;
    const probes: Probe[] = forms.flatMap(([path, formIntent, field]) => {
      intent = formIntent;
      fileField = field;
      return Object.entries(bodies()).map(([label, [type, body]]) => ({
        label: `${formIntent}: ${label}`,
        method: "POST",
        path,
        headers: { ...adminHeaders(), ...(type ? { "content-type": type } : {}) },
        body: new Uint8Array(Buffer.from(body)),
      }));
    });
    expect(await problemsWith(probes)).toEqual([]);
  }, 60_000);

  it("hostile ids never leave their folder or reach a query unchecked", async () => {
    const notServed = (status: number) => status === 400 || status === 404;
    const fileProbes: Probe[] = [
      "/download/",
      "/media/",
      "/files/",
      "/assets/",
      "/images/",
    ].flatMap((prefix) =>
      Object.entries(HOSTILE_IDS).map(([label, id]) => ({
        label,
        method: "GET",
        path: `${prefix}${id}`,
      })),
    );
    expect(await problemsWith(fileProbes, notServed)).toEqual([]);
    expect(
      await problemsWith(
        FORBIDDEN_FILES.map((path) => ({ label: "never served", method: "GET", path })),
        (status) => status === 404,
      ),
    ).toEqual([]);

    const idProbes: Probe[] = [
      "/Data/",
      "/smartify/",
      "/tutorials/",
      "/",
      "/admin/articles/",
      "/admin/catalogue/",
    ].flatMap((prefix) =>
      Object.entries(HOSTILE_IDS).map(([label, id]) => ({
        label,
        method: "GET",
        path: `${prefix}${id}`,
        headers: prefix.startsWith("/admin") ? adminHeaders() : {},
      })),
    );
    const form = (fields: Record<string, string>) => ({
      headers: { ...adminHeaders(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    const adminIdProbes: Probe[] = Object.entries(HOSTILE_IDS).flatMap(([label, id]) => [
      { label, method: "POST", path: "/admin/articles", ...form({ intent: "publish", id }) },
      {
        label,
        method: "POST",
        path: "/admin/articles",
        ...form({ intent: "delete", id, confirmed: "yes" }),
      },
      {
        label,
        method: "POST",
        path: `/admin/catalogue/${id}`,
        ...form({ intent: "details", title: "x", isFree: "on" }),
      },
      { label, method: "POST", path: `/admin/articles/${id}`, ...form({ intent: "save" }) },
    ]);
    expect(await problemsWith([...idProbes, ...adminIdProbes])).toEqual([]);
  }, 60_000);

  it("pages refuse other methods, and survive hostile query strings and headers", async () => {
    const methods = PAGES.flatMap((path) =>
      ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"].map((method) => ({
        label: "not a page method",
        method,
        path,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "username=a&password=b",
      })),
    );
    // The admin pages refuse a cross-site change (403) before the method is looked at; the
    // login, register and quiz pages take a POST, their form, and refuse this one as not theirs.
    const FORM_PAGES = new Set(["/login", "/register", "/introduction_to_physics"]);
    expect(
      await problemsWith(
        methods,
        (status, probe) =>
          status === 405 ||
          (probe.path.startsWith("/admin") && status === 403) ||
          (FORM_PAGES.has(probe.path) && probe.method === "POST" && status >= 400 && status < 500),
      ),
    ).toEqual([]);

    const encodedStrings = Object.fromEntries(
      Object.entries(HOSTILE_STRINGS)
        .filter(([label]) => label !== "lone surrogate")
        .map(([label, value]) => [label, encodeURIComponent(value.slice(0, 3000))]),
    );
    const queries = PAGES.flatMap((path) =>
      Object.entries({ ...QUERY_VALUES, ...encodedStrings }).map(([label, value]) => ({
        label: `query ${label}`,
        method: "GET",
        path: `${path}?next=${value}&page=-1`,
      })),
    );
    const headers = [...PAGES, "/List/", "/Data/1", `/download/${downloadKey}`, "/healthz"].flatMap(
      (path) =>
        Object.entries(HOSTILE_HEADERS).map(([label, value]) => ({
          label,
          method: "GET",
          path,
          headers: value,
        })),
    );
    const ranges = [`/download/${downloadKey}`, `/media/${mediaKey}`].flatMap((path) =>
      HOSTILE_RANGES.map((range) => ({
        label: `range ${range.slice(0, 30)}`,
        method: "GET",
        path,
        headers: { range },
      })),
    );
    const heads = PAGES.map((path) => ({ label: "HEAD", method: "HEAD", path }));
    expect(await problemsWith([...queries, ...headers, ...ranges, ...heads])).toEqual([]);
  }, 120_000);

  /**
   * After each test: each of its probes was logged (a line per request at least), and the logs
   * hold no password, token or session id, and no server error.
   */
  let linesBefore = 0;
  let requestsBefore = 0;
  beforeEach(() => {
    linesBefore = logLines.length;
    requestsBefore = requestsSent;
  });
  afterEach(() => {
    expect(requestsSent - requestsBefore).toBeGreaterThan(30);
    expect(logLines.length - linesBefore).toBeGreaterThanOrEqual(requestsSent - requestsBefore);
    const logs = logLines.join("");
    expect(logs).not.toContain(PASSWORD_MARK);
    expect(logs).not.toContain(TEST_PASSWORD);
    for (const secret of issuedSecrets) expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(/eyJ[\w-]{8,}\.[\w-]{8,}\./);
    const levelOf = (line: string) => (JSON.parse(line) as { level: number }).level;
    expect(logLines.filter((line) => levelOf(line) >= 50)).toEqual([]);
  });
});

/** A 4xx body a person or an app can act on: a JSON error, or a page with a heading. */
function saysWhatWentWrong(text: string, contentType: string | null): boolean {
  if (contentType?.includes("application/json")) {
    try {
      const error = (JSON.parse(text) as { error?: unknown }).error;
      return typeof error === "string" && error.length > 3;
    } catch {
      return false;
    }
  }
  return /<h1[^>]*>[^<]{4,}/.test(text);
}
