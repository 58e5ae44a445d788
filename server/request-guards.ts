import type { RequestHandler } from "express";
import { CONTROL_CHARACTERS } from "#app/lib/text-rules";

// docs/decisions/0048-search-reads-what-students-paste.md
const TYPED_QUERY_PAGES = new Set(["/search"]);

/** PostgreSQL rejects a NUL in text: a 500 unless refused here (docs/security.md#files). */
export const rejectUnreadableAddresses: RequestHandler = (req, res, next) => {
  const at = req.url.indexOf("?");
  const path = at === -1 ? req.url : req.url.slice(0, at);
  const query = at === -1 ? "" : req.url.slice(at + 1);
  const decodedPath = decoded(path);
  if (decodedPath === null)
    return res.status(400).json({ error: "The address is not valid: it has a broken %-escape." });
  if (CONTROL_CHARACTERS.test(decodedPath) || decodedPath.split(/[/\\]/).includes(".."))
    return res.status(404).json({ error: "Not found" });
  const decodedQuery = decoded(query.replace(/\+/g, " ")) ?? query;
  if (!TYPED_QUERY_PAGES.has(path) && CONTROL_CHARACTERS.test(decodedQuery))
    return res.status(400).json({ error: "The address contains characters that are not allowed." });
  next();
};

/** decodeURIComponent, or null for a broken %-escape. */
export function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * No Origin goes on: the Android app sends none (docs/security.md#sessions). Any other must
 * be the address the request was made to, as React Router requires of an action; left to
 * it, a forged Host would be logged as a server error.
 */
export const refuseCrossSiteChanges: RequestHandler = (req, res, next) => {
  const origin = req.get("origin");
  const fromHere = origin === undefined || origin === `${req.protocol}://${req.get("host")}`;
  if (fromHere || ["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
  res
    .status(403)
    .set("Cache-Control", "no-store")
    .json({ error: "Refused: this request did not come from this site." });
};
