import { redirect } from "react-router";
import { notFound } from "../lib/http.server";
import type { Route } from "./+types/canonical-redirect";

/** The older site's short paths: a 301 to the page that serves them (docs/requirements.md#old-short-addresses-301). */
export const CANONICAL_REDIRECTS: Record<string, string> = {
  "/biology": "/tutorials/biology",
  "/chemistry": "/tutorials/chemistry",
  "/english": "/tutorials/english",
  "/mathematics": "/tutorials/mathematics",
  "/physics": "/tutorials/physics",
  "/LA111": "/tutorials/LA111",
};

export function loader({ url }: Route.LoaderArgs) {
  const target = CANONICAL_REDIRECTS[url.pathname];
  if (!target) throw notFound();
  throw redirect(target, 301);
}
