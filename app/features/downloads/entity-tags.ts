// Weak comparison: a tag a proxy marked `W/` when it compressed the file still earns a 304.
export function namesCurrentVersion(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const ours = opaqueTag(etag);
  return ifNoneMatch.split(",").some((tag) => opaqueTag(tag.trim()) === ours);
}

function opaqueTag(tag: string): string {
  return tag.startsWith("W/") ? tag.slice(2) : tag;
}
