import { exportAccountData } from "#app/features/accounts/data-export.server";
import { appContext } from "#app/lib/app-context.server";
import { methodNotAllowed } from "#app/lib/http.server";
import { accountOwnerOf } from "./account-user.server";
import type { Route } from "./+types/data";

/**
 * POST /account/data: everything the site keeps about the signed-in student, as a JSON file
 * to keep. A POST (from the My account page's form, as the layout's guard checks), so no
 * link preview or cache ever fetches it (docs/decisions/0045-the-account-pages.md).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { db } = context.get(appContext);
  const owner = accountOwnerOf(context);
  const exported = await exportAccountData({ db, userId: owner.id });
  // Usernames are letters, digits and @ . + - _ only: safe inside the quoted file name.
  const fileName = `studyzed-${owner.username.replace(/[^\w.@+-]/g, "_")}.json`;
  return new Response(`${JSON.stringify(exported, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export const loader = () => methodNotAllowed("POST");
