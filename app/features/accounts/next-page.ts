/** Back into the admin pages, My progress or Review, never an address another site chose. */
export function nextPageAfterLogin(url: URL): string {
  const next = url.searchParams.get("next");
  return next && /^\/(admin|progress|review)(\/[\w/-]*)?$/.test(next) ? next : "/";
}
