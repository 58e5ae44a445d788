import type { MetaDescriptor } from "react-router";
import type { SiteSettings } from "./site-settings.server";

export type SiteIdentity = { name: string; url: string };

export type PageHead = {
  title: string;
  description: string;
  keywords: readonly string[];
  path: string;
  image?: PreviewImage;
  type?: "website" | "article";
  noindex?: boolean;
};

// WhatsApp shows no WebP; a given size draws large at once (docs/decisions/0035-share-cards.md).
export type PreviewImage = {
  src: string;
  type: "image/png" | "image/jpeg";
  width: number;
  height: number;
  alt: string;
};

export const DEFAULT_PREVIEW_IMAGE: PreviewImage = {
  src: "/og-image.png",
  type: "image/png",
  width: 1200,
  height: 630,
  alt: "StudyZed: free books, past papers and quizzes",
};

export function pageHead(site: SiteIdentity, head: PageHead): MetaDescriptor[] {
  const title = `${head.title} | ${site.name}`;
  const url = absoluteUrl(site, head.path);
  const image = head.image ?? DEFAULT_PREVIEW_IMAGE;
  const imageUrl = absoluteUrl(site, image.src);
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
    { property: "og:image", content: imageUrl },
    { property: "og:image:type", content: image.type },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: head.description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: image.alt },
    { tagName: "link", rel: "canonical", href: url },
  ];
}

export function absoluteUrl(site: SiteIdentity, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${site.url}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/**
 * A share link that needs no script, WhatsApp's or ours: its text is the page's title and the
 * canonical address the link preview reads (docs/decisions/0101-a-share-link-on-articles-and-subjects.md).
 */
export function whatsAppShareHref(site: SiteIdentity, page: { title: string; path: string }) {
  return `https://wa.me/?text=${encodeURIComponent(`${page.title} ${absoluteUrl(site, page.path)}`)}`;
}

type MatchWithData = { id: string; loaderData?: unknown } | undefined;

export type RootData = { site: SiteIdentity; settings: SiteSettings };

function rootDataFromMatches(matches: readonly MatchWithData[]): RootData | undefined {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  return root?.site ? root : undefined;
}

export function requireRootData(matches: readonly MatchWithData[]): RootData {
  const root = rootDataFromMatches(matches);
  if (!root) throw new Error("the root loader did not supply the site data");
  return root;
}

// An error page has no root data: a title only, as a head that failed would make it a bare 500.
export function metaFor(matches: readonly MatchWithData[], head: PageHead): MetaDescriptor[] {
  const root = rootDataFromMatches(matches);
  if (!root) return [{ title: head.title }, { name: "robots", content: "noindex" }];
  return pageHead(root.site, head);
}
