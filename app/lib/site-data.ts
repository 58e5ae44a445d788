import type { MetaDescriptor } from "react-router";
import { pageHead, type PageHead, type SiteIdentity } from "./head";
import type { SiteSettings } from "./site-settings.server";

type MatchWithData = { id: string; loaderData?: unknown } | undefined;

export type RootData = { site: SiteIdentity; settings: SiteSettings };

/** What the root loader supplies to every page: the site's identity and settings. */
export function rootDataFromMatches(matches: readonly MatchWithData[]): RootData {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  if (!root?.site) throw new Error("the root loader did not supply the site data");
  return root;
}

/** A route's meta tags, for use in its `meta` export. */
export function metaFor(matches: readonly MatchWithData[], head: PageHead): MetaDescriptor[] {
  return pageHead(rootDataFromMatches(matches).site, head);
}
