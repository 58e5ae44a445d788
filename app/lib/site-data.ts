import type { MetaDescriptor } from "react-router";
import { pageHead, type PageHead, type SiteIdentity } from "./head";
import type { SiteSettings } from "./site-settings.server";

type MatchWithData = { id: string; loaderData?: unknown } | undefined;

export type RootData = { site: SiteIdentity; settings: SiteSettings };

/**
 * What the root loader supplies to every page: the site's identity and settings. Absent
 * only while an error page renders after the loaders were skipped or failed.
 */
function rootDataFromMatches(matches: readonly MatchWithData[]): RootData | undefined {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  return root?.site ? root : undefined;
}

/** The root data in a page component, which renders only after every loader succeeded. */
export function requireRootData(matches: readonly MatchWithData[]): RootData {
  const root = rootDataFromMatches(matches);
  if (!root) throw new Error("the root loader did not supply the site data");
  return root;
}

/**
 * A route's meta tags, for use in its `meta` export. Without the root data (an error
 * page) there is no site address for the links, so only a title is given: a head that
 * failed to render would turn the error page itself into a bare 500.
 */
export function metaFor(matches: readonly MatchWithData[], head: PageHead): MetaDescriptor[] {
  const root = rootDataFromMatches(matches);
  if (!root) return [{ title: head.title }, { name: "robots", content: "noindex" }];
  return pageHead(root.site, head);
}
