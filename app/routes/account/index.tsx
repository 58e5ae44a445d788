import { data, redirect } from "react-router";
import {
  ACCOUNT_INTENT,
  type AccountFormResult,
  ChangePasswordSection,
  DeleteAccountSection,
  DownloadDataSection,
  SignOutSection,
} from "#app/features/accounts/components/account-sections";
import { changePassword, deleteOwnAccount } from "#app/features/accounts/own-account.server";
import { ChangePasswordSchema, DeleteAccountSchema } from "#app/features/accounts/schemas";
import { sessionCookie } from "#app/features/accounts/sessions.server";
import { ACCOUNT_TEXTS, REFUSED } from "#app/features/accounts/texts";
import { withWait } from "#app/lib/plural";
import { newSessionContext } from "#app/features/accounts/viewer.server";
import { appContext, isHttps, limitedCaller } from "#app/lib/app-context.server";
import { readFormFields } from "#app/lib/http.server";
import { describeIssues } from "#app/lib/validation";
import { retryAfterOf, signedInUser } from "../guards.server";
import { pageMeta } from "../page-heads";
import type { Route } from "./+types/index";

export function loader({ context }: Route.LoaderArgs) {
  const { username, firstName } = signedInUser(context);
  return { username, firstName };
}

const shown = (result: AccountFormResult, status = 200, headers?: HeadersInit) =>
  data(result, { status, headers });

type Context = Route.ActionArgs["context"];

/** The layout's guard has already refused other sites and visitors. */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readFormFields(request, { maxBytes: 16 * 1024 });
  if (fields.intent === ACCOUNT_INTENT.password) return passwordAction(context, fields);
  if (fields.intent === ACCOUNT_INTENT.delete) return deleteAction(context, fields);
  return shown({ form: "password", error: ACCOUNT_TEXTS.unknownForm }, 400);
}

async function passwordAction(context: Context, fields: Record<string, string>) {
  const parsed = ChangePasswordSchema.safeParse(fields);
  if (!parsed.success) {
    return shown({ form: "password", error: describeIssues(parsed.error).error }, 400);
  }
  const app = context.get(appContext);
  const user = signedInUser(context);
  const result = await changePassword({
    ...limitedCaller(app),
    userId: user.id,
    keptSignedIn: user.keptSignedIn,
    currentPassword: parsed.data.current_password,
    newPassword: parsed.data.new_password,
  });
  switch (result.outcome) {
    case "weak-password":
      return shown({ form: "password", error: result.message }, 400);
    case "wrong-password":
      return shown({ form: "password", error: ACCOUNT_TEXTS.wrongPassword }, 400);
    case "throttled":
    case "signed-in-too-often":
    case "busy": {
      const error = withWait(REFUSED[result.outcome], result.retryAfterSeconds);
      const retryAfter = String(result.retryAfterSeconds);
      return shown({ form: "password", error }, 429, { "Retry-After": retryAfter });
    }
    case "changed": {
      // The header and this page are drawn with the new session: the old one has ended.
      context.set(newSessionContext, result.session.id);
      const cookie = sessionCookie({ https: isHttps(app.site), session: result.session });
      const changed = { form: "password", status: ACCOUNT_TEXTS.passwordChanged } as const;
      return shown(changed, 200, { "Set-Cookie": cookie });
    }
  }
}

async function deleteAction(context: Context, fields: Record<string, string>) {
  const parsed = DeleteAccountSchema.safeParse(fields);
  if (!parsed.success) return shown({ form: "delete", error: ACCOUNT_TEXTS.wrongUsername }, 400);
  const app = context.get(appContext);
  const typedUsername = parsed.data.username;
  const result = await deleteOwnAccount({
    db: app.db,
    logger: app.logger,
    userId: signedInUser(context).id,
    typedUsername,
    client: app.clientAddress,
  });
  if (result.outcome === "wrong-username") {
    return shown({ form: "delete", error: ACCOUNT_TEXTS.wrongUsername, typedUsername }, 400);
  }
  if (result.outcome === "last-admin") {
    return shown({ form: "delete", error: ACCOUNT_TEXTS.lastAdmin, typedUsername }, 409);
  }
  return redirect("/account/deleted", {
    status: 303,
    headers: {
      "Set-Cookie": sessionCookie({ https: isHttps(app.site), session: null }),
    },
  });
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => retryAfterOf(actionHeaders);

export const meta = pageMeta("/account");

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { username, firstName } = loaderData;
  return (
    <div className="account">
      <h1>My account</h1>
      <p>
        Hello {firstName}. Your username is <strong>{username}</strong>.
      </p>
      <ChangePasswordSection result={actionData} />
      <SignOutSection />
      <DownloadDataSection />
      <DeleteAccountSection username={username} result={actionData} />
    </div>
  );
}
