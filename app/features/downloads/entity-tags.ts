/**
 * Whether a request's If-None-Match names the version we would send (RFC 9110, "If-None-Match"):
 * `*`, or a list holding our tag. The comparison is weak, so a tag a proxy marked `W/` when it
 * compressed the file still earns the 304 that spares a student the whole file again.
 */
export function namesCurrentVersion(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const ours = opaqueTag(etag);
  return ifNoneMatch.split(",").some((tag) => opaqueTag(tag.trim()) === ours);
}

function opaqueTag(tag: string): string {
  return tag.startsWith("W/") ? tag.slice(2) : tag;
}
