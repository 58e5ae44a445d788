import { data, redirect } from "react-router";
import { RegisterForm, type RegisterResult } from "#app/features/accounts/components/register-form";
import { RegisterSchema } from "#app/features/accounts/schemas";
import {
  BUSY_RETRY_SECONDS,
  countRegistrationAttempt,
  MESSAGES,
  registerStudent,
} from "#app/features/accounts/sign-in.server";
import { appContext } from "#app/lib/app-context.server";
import { readFormFields } from "#app/lib/http.server";
import { describeIssues } from "#app/lib/validation";
import { metaFor } from "#app/lib/site-data";
import type { RouteHandle } from "#app/root";
import { registerCall } from "./api/register-call.server";
import type { Route } from "./+types/register";

export const handle: RouteHandle = { script: "account-forms" };

/**
 * /register is the page; /register/, with the trailing slash, is the older app's JSON call
 * (routes/api/register-call.server.ts). React Router treats the two addresses as one, so the
 * call is answered here, before the page.
 */
export const middleware: Route.MiddlewareFunction[] = [
  (args, next) => (new URL(args.request.url).pathname.endsWith("/") ? registerCall(args) : next()),
];

/**
 * A student registering through the form: the same rules, limits and messages as the older
 * app's call; on success, the login page with its success note.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    throw data(null, { status: 405, headers: { Allow: "GET, HEAD, POST" } });
  }
  const fields = await readFormFields(request, { maxBytes: 16 * 1024 });
  const app = context.get(appContext);
  const allowed = await countRegistrationAttempt({
    limiter: app.rateLimiter,
    client: app.clientAddress,
  });
  if (!allowed.allowed) {
    return data<RegisterResult>(
      { error: MESSAGES.tooManyRegistrations },
      { status: 429, headers: { "Retry-After": String(allowed.retryAfterSeconds) } },
    );
  }
  // The form has no e-mail field: the value is an empty string, as the older site sent it.
  const parsed = RegisterSchema.safeParse({ ...fields, email: "" });
  if (!parsed.success) {
    return data<RegisterResult>({ error: describeIssues(parsed.error).error }, { status: 400 });
  }
  const student = parsed.data;
  const result = await registerStudent({
    db: app.db,
    logger: app.logger,
    student,
    client: app.clientAddress,
  });
  if (result.outcome === "weak-password") {
    return data<RegisterResult>({ error: result.message }, { status: 400 });
  }
  if (result.outcome === "taken") {
    return data<RegisterResult>({ error: MESSAGES.usernameTaken }, { status: 409 });
  }
  if (result.outcome === "busy") {
    return data<RegisterResult>(
      { error: MESSAGES.busy },
      { status: 429, headers: { "Retry-After": String(BUSY_RETRY_SECONDS) } },
    );
  }
  return redirect("/login?registered=1", 303);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Register",
    description: "Create a free StudyZed account with a username and password.",
    keywords: ["register", "sign up", "StudyZed account"],
    path: "/register",
  });

export default function Register({ actionData }: Route.ComponentProps) {
  return (
    <section className="account" aria-labelledby="register-heading">
      <h1 id="register-heading">Register</h1>
      <RegisterForm result={actionData} />
      <ul className="account__help">
        <li>Memorize your username because it is used to log in.</li>
        <li>It may contain letters, numbers and symbols.</li>
        <li>It must be unique.</li>
        <li>
          After successful registration the user is redirected to the login page, which asks for
          username and password.
        </li>
      </ul>
      <p>
        Already have an account? <a href="/login">Login here</a>
      </p>
    </section>
  );
}
