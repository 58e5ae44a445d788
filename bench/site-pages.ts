/** Addresses that serve files or are not pages a student reads. */
const NOT_PAGES =
  /^\/(download|media|files|assets|images|share|api|admin|List|Data|logout)(\/|$)|\.[a-z0-9]+$/i;

/**
 * Every page a student can reach by following links from the home page: same-site
 * addresses, without query or fragment, that answer HTML. Breadth first, at most `limit`.
 */
export async function crawlSitePages(baseUrl: string, limit = 400): Promise<string[]> {
  const seen = new Set<string>(["/"]);
  const pages: string[] = [];
  const queue = ["/"];
  while (queue.length > 0 && pages.length < limit) {
    const path = queue.shift()!;
    const response = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
    if (response.status !== 200 || !response.headers.get("content-type")?.includes("text/html")) {
      await response.body?.cancel();
      continue;
    }
    pages.push(path);
    const html = await response.text();
    for (const [, href] of html.matchAll(/<a [^>]*href="(\/[^"#?]*)/g)) {
      if (!href || NOT_PAGES.test(href) || seen.has(href)) continue;
      seen.add(href);
      queue.push(href);
    }
  }
  return pages;
}
