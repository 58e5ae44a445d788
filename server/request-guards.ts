import type { RequestHandler } from "express";
import { CONTROL_CHARACTERS } from "#app/lib/text-rules";

/**
 * Pages whose query string is what a student typed or pasted into a box, read by the page
 * itself, which makes every control character a space (app/features/search/search-query.ts):
 * a tab pasted from a table is a gap between words there, not an attack
 * (docs/decisions/0048-search-reads-what-students-paste.md).
 */
const TYPED_QUERY_PAGES = new Set(["/search"]);

/**
 * Refuses an address that cannot be decoded, or that decodes to control characters or a
 * ".." segment, before any route sees it. PostgreSQL rejects a NUL in text, so without this an id such
 * as `/tutorials/%00` would reach a query and fail there as a 500.
 */
export const rejectUnreadableAddresses: RequestHandler = (req, res, next) => {
  const queryStart = req.url.indexOf("?");
  const path = queryStart === -1 ? req.url : req.url.slice(0, queryStart);
  const query = queryStart === -1 ? "" : req.url.slice(queryStart + 1);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return res.status(400).json({ error: "The address is not valid: it has a broken %-escape." });
  }
  // No page or file is named with a control character; browsers resolve "..", so an escaped
  // one is an attempt to leave a folder. Neither names anything here (docs/security.md, "Files").
  if (CONTROL_CHARACTERS.test(decoded) || decoded.split(/[/\\]/).includes(".."))
    return notFoundJson(req, res, next);
  if (!TYPED_QUERY_PAGES.has(path) && CONTROL_CHARACTERS.test(safelyDecoded(query))) {
    return res.status(400).json({ error: "The address contains characters that are not allowed." });
  }
  next();
};

function safelyDecoded(query: string): string {
  try {
    return decodeURIComponent(query.replace(/\+/g, " "));
  } catch {
    // A broken escape in a query string is left to whoever reads that parameter.
    return query;
  }
}

/**
 * A state change (any method but GET, HEAD or OPTIONS) whose Origin names another site is
 * refused before any route runs (docs/security.md, "Sessions"). A request with no Origin goes
 * on: the Android app sends none. Routes that act for a signed-in browser also refuse a change
 * with neither an Origin nor a Referer of this site (app/lib/same-site.server.ts).
 */
export function refuseCrossSiteChanges({ siteUrl }: { siteUrl: string }): RequestHandler {
  const site = new URL(siteUrl).origin;
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.get("origin");
    if (
      origin === undefined ||
      origin === site ||
      origin === `${req.protocol}://${req.get("host")}`
    ) {
      return next();
    }
    // It may answer for an admin page, and no admin answer is ever cached.
    res
      .status(403)
      .set("Cache-Control", "no-store")
      .json({ error: "Refused: this request did not come from this site." });
  };
}

/** The JSON 404 for an address that tries to leave its folder. */
const notFoundJson: RequestHandler = (_req, res) => {
  res.status(404).json({ error: "Not found" });
};
