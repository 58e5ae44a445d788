import type { MetaDescriptor } from "react-router";

export type SiteIdentity = { name: string; url: string };

export type PageHead = {
  /** The page's own name; the document title reads "{title} | {site name}". */
  title: string;
  description: string;
  /** Every page has keywords (docs/requirements.md, "Page heads"). */
  keywords: readonly string[];
  /** The path this page is served at; its canonical link is the site URL plus this path. */
  path: string;
  /** A site path or absolute https address; defaults to the site's preview image. */
  image?: string;
  imageAlt?: string;
  type?: "website" | "article";
  /** Keep the page out of search engines (the images page: docs/requirements.md, "Images"). */
  noindex?: boolean;
};

const DEFAULT_IMAGE = "/og-image.png";
const DEFAULT_IMAGE_ALT = "StudyZed: free books, past papers and quizzes";

/**
 * Every tag a page's head needs, server-rendered so that link previews (which run no
 * JavaScript) and search engines see them: title, description, keywords, Open Graph,
 * Twitter and the canonical link (docs/requirements.md, "Page heads").
 */
export function pageHead(site: SiteIdentity, head: PageHead): MetaDescriptor[] {
  const title = `${head.title} | ${site.name}`;
  const url = absoluteUrl(site, head.path);
  const image = absoluteUrl(site, head.image ?? DEFAULT_IMAGE);
  const imageAlt = head.imageAlt ?? (head.image ? head.title : DEFAULT_IMAGE_ALT);
  return [
    { title },
    { name: "description", content: head.description },
    { name: "keywords", content: head.keywords.join(", ") },
    ...(head.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: head.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: head.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: head.description },
    { name: "twitter:image", content: image },
    { tagName: "link", rel: "canonical", href: url },
  ];
}

export function absoluteUrl(site: SiteIdentity, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${site.url}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}
