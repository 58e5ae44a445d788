import { signedInUser } from "#app/routes/guards.server";
import { classCsv } from "#app/features/classes/class-pages.server";
import { appContext } from "#app/lib/app-context.server";
import { notFound } from "#app/lib/http.server";
import { idFrom } from "./class-id.server";
import type { Route } from "./+types/csv";

/** Every student's best and latest on every set quiz, for a spreadsheet. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const csv = await classCsv({
    db: context.get(appContext).db,
    userId: signedInUser(context).id,
    classId: idFrom(params.id),
  });
  if (!csv) throw notFound();
  return new Response(csv.text, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csv.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
