import { findSubject } from "#app/features/catalogue/queries.server";
import { subjectHeading, subjectLevel } from "#app/features/catalogue/subject-names";
import { shareCardResponse, subjectCard } from "#app/features/share-cards/share-cards.server";
import { appContext } from "#app/lib/app-context.server";
import { isRead } from "../files/serve-file.server";
import { notFound } from "#app/lib/http.server";
import type { Route } from "./+types/subject-card";

/** GET /share/subject/{slug}.png, slug matched exactly, sent by the middleware. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }, next) => {
    const slug = /^([A-Za-z0-9-]{1,60})\.png$/.exec(params.file)?.[1];
    if (!isRead(request) || !slug) return next();
    const { db, site } = context.get(appContext);
    const subject = await findSubject({ db, slug });
    if (subject?.slug !== slug) return next();
    const { card } = subjectCard({
      slug,
      heading: subjectHeading(subject),
      level: subjectLevel(subject.kind),
      siteName: site.name,
    });
    return shareCardResponse(request, card);
  },
];

export function loader(): never {
  throw notFound();
}

export default function UnknownSubjectCard() {
  return null;
}
