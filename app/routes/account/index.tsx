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
import { ACCOUNT_TEXTS, MESSAGES } from "#app/features/accounts/texts";
import { newSessionContext } from "#app/features/accounts/viewer.server";
import { appContext, isHttps } from "#app/lib/app-context.server";
import { readFormFields } from "#app/lib/http.server";
import { metaFor } from "#app/lib/head";
import { describeIssues } from "#app/lib/validation";
import { accountOwnerOf } from "./account-user.server";
import type { Route } from "./+types/index";

export function loader({ context }: Route.LoaderArgs) {
  const { username, firstName } = accountOwnerOf(context);
  return { username, firstName };
}

const formResult = (result: AccountFormResult, init?: ResponseInit) => data(result, init);

/** The layout's guard has already refused other sites and visitors. */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readFormFields(request, { maxBytes: 16 * 1024 });
  if (fields.intent === ACCOUNT_INTENT.password) return passwordAction({ context, fields });
  if (fields.intent === ACCOUNT_INTENT.delete) return deleteAction({ context, fields });
  return formResult({ form: "password", error: ACCOUNT_TEXTS.unknownForm }, { status: 400 });
}

type FormArgs = Pick<Route.ActionArgs, "context"> & { fields: Record<string, string> };

async function passwordAction({ context, fields }: FormArgs) {
  const parsed = ChangePasswordSchema.safeParse(fields);
  if (!parsed.success) {
    return formResult(
      { form: "password", error: describeIssues(parsed.error).error },
      { status: 400 },
    );
  }
  const app = context.get(appContext);
  const result = await changePassword({
    db: app.db,
    limiter: app.rateLimiter,
    logger: app.logger,
    userId: accountOwnerOf(context).id,
    currentPassword: parsed.data.current_password,
    newPassword: parsed.data.new_password,
    client: app.clientAddress,
  });
  switch (result.outcome) {
    case "weak-password":
      return formResult({ form: "password", error: result.message }, { status: 400 });
    case "wrong-password":
      return formResult({ form: "password", error: ACCOUNT_TEXTS.wrongPassword }, { status: 400 });
    case "throttled":
    case "busy":
      return formResult(
        { form: "password", error: MESSAGES[result.outcome === "busy" ? "busy" : "tooManyLogins"] },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    case "changed":
      // The header and this page are rendered with the new session: the old one has ended.
      context.set(newSessionContext, result.sessionId);
      return formResult(
        { form: "password", status: ACCOUNT_TEXTS.passwordChanged },
        {
          headers: {
            "Set-Cookie": sessionCookie({ https: isHttps(app.site), value: result.sessionId }),
          },
        },
      );
  }
}

async function deleteAction({ context, fields }: FormArgs) {
  const parsed = DeleteAccountSchema.safeParse(fields);
  if (!parsed.success) {
    return formResult({ form: "delete", error: ACCOUNT_TEXTS.wrongUsername }, { status: 400 });
  }
  const app = context.get(appContext);
  const typedUsername = parsed.data.username;
  const result = await deleteOwnAccount({
    db: app.db,
    logger: app.logger,
    userId: accountOwnerOf(context).id,
    typedUsername,
    client: app.clientAddress,
  });
  if (result.outcome === "wrong-username") {
    return formResult(
      { form: "delete", error: ACCOUNT_TEXTS.wrongUsername, typedUsername },
      { status: 400 },
    );
  }
  if (result.outcome === "last-admin") {
    return formResult(
      { form: "delete", error: ACCOUNT_TEXTS.lastAdmin, typedUsername },
      { status: 409 },
    );
  }
  return redirect("/account/deleted", {
    status: 303,
    headers: {
      "Set-Cookie": sessionCookie({ https: isHttps(app.site), value: "", maxAgeSeconds: 0 }),
    },
  });
}

/** A refusal to wait says how long (docs/security.md#login-and-registration-limits). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "My account",
    description: "Change your password, log out, download your data or delete your account.",
    keywords: ["my account", "change password", "StudyZed account"],
    path: "/account",
    noindex: true,
  });

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
