/**
 * Where to go after logging in (`/login?next=…`): back into the admin pages or My progress,
 * never an address another site chose; anything else goes home.
 */
export function nextPageAfterLogin(url: URL): string {
  const next = url.searchParams.get("next");
  return next && /^\/(admin|progress)(\/[\w/-]*)?$/.test(next) ? next : "/";
}
