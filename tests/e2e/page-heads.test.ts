import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");

/** The head as a link-preview robot sees it: the raw server HTML, no JavaScript run. */
async function rawHead(path: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { "user-agent": "WhatsApp/2.23.20.0" },
  });
  const html = await response.text();
  const head = html.slice(0, html.indexOf("</head>"));
  const meta = (attribute: "name" | "property", key: string) =>
    new RegExp(
      `<meta ${attribute}="${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}" content="([^"]*)"`,
    ).exec(head)?.[1];
  return {
    status: response.status,
    contentType: response.headers.get("content-type"),
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1],
    meta,
  };
}

const PAGES = [
  { path: "/", title: "Home | StudyZed" },
  { path: "/about", title: "About | StudyZed" },
  { path: "/app", title: "Android app | StudyZed" },
  { path: "/images", title: "Images | StudyZed" },
  { path: "/quizzes", title: "Brain Booster quizzes | StudyZed" },
  { path: "/past-papers", title: "Past papers | StudyZed" },
];

describe("every page's head, in the raw server HTML", () => {
  it.each(PAGES)(
    "$path has title, description, keywords, Open Graph, Twitter and canonical tags",
    async ({ path, title }) => {
      const head = await rawHead(path);
      expect(head.status).toBe(200);
      expect(head.contentType).toBe("text/html; charset=utf-8");
      expect(head.title).toBe(title);
      expect(head.meta("name", "description")?.length).toBeGreaterThan(10);
      expect(head.meta("name", "keywords")?.length ?? 0).toBeGreaterThan(3);
      expect(head.meta("property", "og:title")).toBe(title);
      expect(head.meta("property", "og:description")).toBe(head.meta("name", "description"));
      expect(head.meta("property", "og:url")).toBe(
        `http://localhost:${new URL(baseUrl).port}${path}`,
      );
      expect(head.meta("property", "og:image")).toMatch(/^http:\/\/localhost:\d+\/og-image\.png$/);
      // WhatsApp shows PNG or JPEG, and draws a preview large at once when it knows the size.
      expect(head.meta("property", "og:image:type")).toBe("image/png");
      expect(head.meta("property", "og:image:width")).toBe("1200");
      expect(head.meta("property", "og:image:height")).toBe("630");
      expect(head.meta("name", "twitter:card")).toBe("summary_large_image");
      expect(head.meta("name", "twitter:title")).toBe(title);
      expect(head.canonical).toBe(head.meta("property", "og:url"));
    },
  );

  it("says in a subject page's preview that its papers are samples while every one is", async () => {
    const head = await rawHead("/tutorials/patho");
    const description = head.meta("property", "og:description") ?? "";
    expect(description).toMatch(
      /^Free Pathology past papers .* with answers: .*\. Sample files for now: the real ones will be added later\.$/,
    );
    expect(head.meta("name", "description")).toBe(description);
  });

  it("hides /images, and only /images, from search engines", async () => {
    expect((await rawHead("/images")).meta("name", "robots")).toBe("noindex");
    for (const { path } of PAGES.filter((page) => page.path !== "/images")) {
      expect((await rawHead(path)).meta("name", "robots"), path).toBeUndefined();
    }
  });

  it("gives the not-found page status 404, its own title and noindex", async () => {
    const head = await rawHead("/nothing/here");
    expect(head.status).toBe(404);
    expect(head.title).toBe("Page not found | StudyZed");
    expect(head.meta("name", "robots")).toBe("noindex");
    expect(head.meta("name", "keywords")).toBe("page not found, StudyZed");
  });

  it("serves the preview image and icons the head names", async () => {
    for (const path of [
      "/og-image.png",
      "/favicon.ico",
      "/favicon.svg",
      "/apple-touch-icon.png",
      "/logo.svg",
    ]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(200);
    }
  });
});
