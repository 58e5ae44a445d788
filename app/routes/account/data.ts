import { exportAccountData } from "#app/features/accounts/data-export.server";
import { appContext } from "#app/lib/app-context.server";
import { methodNotAllowed } from "#app/lib/http.server";
import { signedInUser } from "../guards.server";
import type { Route } from "./+types/data";

/** POST /account/data: all the site stores about the student, as a file; a POST, so no cache or link preview fetches it. */
export async function action({ context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  const user = signedInUser(context);
  const exported = await exportAccountData({ db, userId: user.id });
  // Usernames are letters, digits and @ . + - _ only: safe inside the quoted file name.
  const fileName = `studyzed-${user.username.replace(/[^\w.@+-]/g, "_")}.json`;
  return new Response(`${JSON.stringify(exported, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export const loader = () => methodNotAllowed("POST");
