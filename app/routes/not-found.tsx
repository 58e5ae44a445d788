import { notFound } from "#app/lib/http.server";

// Any path no route claims, and a file route's unknown file: the root draws the not-found
// screen (docs/requirements.md#not-found).
export function loader(): never {
  throw notFound();
}

export default function NoPage() {
  return null;
}
