import { accountDataParts } from "#app/features/accounts/data-export.server";
import { appContext } from "#app/lib/app-context.server";
import { methodNotAllowed } from "#app/lib/http.server";
import { signedInUser } from "../guards.server";
import type { Route } from "./+types/data";

/** POST /account/data: all the site stores about the student, as a file; a POST, so no cache or link preview fetches it. */
export function action({ context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  const user = signedInUser(context);
  const parts = accountDataParts({ db, userId: user.id });
  // Usernames are letters, digits and @ . + - _ only: safe inside the quoted file name.
  const fileName = `studyzed-${user.username.replace(/[^\w.@+-]/g, "_")}.json`;
  // Read a part at a time as the client takes it, so no request waits on the whole file.
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await parts.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    cancel: () => void parts.return(undefined),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export const loader = () => methodNotAllowed("POST");
