import { findSubject } from "#app/features/catalogue/queries.server";
import { subjectHeading, subjectLevel } from "#app/features/catalogue/subject-names";
import { shareCardResponse, subjectCard } from "#app/features/share-cards/share-cards.server";
import { appContext } from "#app/lib/app-context.server";
import { serveWhenFound } from "../files/serve-file.server";
import type { Route } from "./+types/subject-card";

/** GET /share/subject/{slug}.png, the slug's case exactly as the subject's. */
export const middleware: Route.MiddlewareFunction[] = serveWhenFound(
  async ({ request, params, context }) => {
    const slug = /^([A-Za-z0-9-]{1,60})\.png$/.exec(params.file)?.[1];
    if (!slug) return;
    const { db, site } = context.get(appContext);
    const subject = await findSubject({ db, slug });
    if (subject?.slug !== slug) return;
    const heading = subjectHeading(subject);
    const level = subjectLevel(subject.kind);
    return shareCardResponse(
      request,
      subjectCard({ slug, heading, level, siteName: site.name }).card,
    );
  },
);

export { loader, default } from "../not-found";
