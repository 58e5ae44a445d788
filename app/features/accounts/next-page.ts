/** Back into the admin pages or My progress, never an address another site chose. */
export function nextPageAfterLogin(url: URL): string {
  const next = url.searchParams.get("next");
  return next && /^\/(admin|progress)(\/[\w/-]*)?$/.test(next) ? next : "/";
}
