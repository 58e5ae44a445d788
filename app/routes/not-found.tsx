import { NotFound } from "#app/components/layout/not-found";
import { metaFor } from "#app/lib/head";
import { notFound } from "#app/lib/http.server";
import type { Route } from "./+types/not-found";

/** Any path no other route claims (docs/requirements.md, "Not found"): the not-found screen with status 404. */
export function loader() {
  return notFound();
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  metaFor(matches, {
    title: "Page not found",
    description: "This page does not exist or has been removed.",
    path: location.pathname,
    noindex: true,
    keywords: ["page not found", "StudyZed"],
  });

export default function NotFoundRoute() {
  return <NotFound />;
}
