import { data, redirect } from "react-router";
import type { FormRefusal } from "#app/features/accounts/components/login-form";
import { RegisterForm } from "#app/features/accounts/components/register-form";
import { registerStudent } from "#app/features/accounts/sign-in.server";
import { loginAfterRegistering } from "#app/features/accounts/next-page";
import { MESSAGES } from "#app/features/accounts/texts";
import { withWait } from "#app/lib/plural";
import { appContext, limitedCaller } from "#app/lib/app-context.server";
import { readFormFields } from "#app/lib/http.server";
import type { RouteHandle } from "#app/root";
import { registerCall } from "./api/register-call.server";
import { pageMeta } from "./page-heads";
import { requireFormPost, retryAfterOf } from "./guards.server";
import texts from "#content/page-texts.json";
import type { Route } from "./+types/register";

export const handle: RouteHandle = { script: "account-forms" };

// /register/ is the older app's JSON call, taken here: React Router treats both addresses as one.
export const middleware: Route.MiddlewareFunction[] = [
  (args, next) => (new URL(args.request.url).pathname.endsWith("/") ? registerCall(args) : next()),
];

export async function action({ request, context }: Route.ActionArgs) {
  requireFormPost(request);
  const fields = await readFormFields(request, { maxBytes: 16 * 1024 });
  const app = context.get(appContext);
  const result = await registerStudent({
    ...limitedCaller(app),
    // The form has no e-mail field: an empty one, as the older site sent it.
    fields: { ...fields, email: "" },
  });
  const refused = (error: string, status: number, retryAfterSeconds?: number) =>
    data<FormRefusal>(
      { error, retryInSeconds: result.outcome === "busy" ? retryAfterSeconds : undefined },
      { status, headers: retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : {} },
    );
  switch (result.outcome) {
    case "created":
      return redirect(loginAfterRegistering(fields.username ?? ""), 303);
    case "invalid":
      return refused(result.problems.error, 400);
    case "weak-password":
      return refused(result.message, 400);
    case "taken":
      return refused(MESSAGES.usernameTaken, 409);
    case "throttled":
    case "busy": {
      const message = MESSAGES[result.outcome === "busy" ? "busy" : "tooManyRegistrations"];
      return refused(withWait(message, result.retryAfterSeconds), 429, result.retryAfterSeconds);
    }
  }
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => retryAfterOf(actionHeaders);

export const meta = pageMeta("/register");

export default function Register({ actionData }: Route.ComponentProps) {
  return (
    <section className="account" aria-labelledby="register-heading">
      <h1 id="register-heading">Register</h1>
      <RegisterForm result={actionData} />
      <ul className="account__help">
        {texts.registerHelp.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>
        Already have an account? <a href="/login">Login here</a>
      </p>
    </section>
  );
}
