import { data } from "react-router";
import { LoginForm, type LoginResult } from "#app/features/accounts/components/login-form";
import { LoginFormSchema } from "#app/features/accounts/schemas";
import { sessionCookie } from "#app/features/accounts/sessions.server";
import { logIn } from "#app/features/accounts/sign-in.server";
import { LOG_IN_AGAIN_NOTE, LOGIN_FAILED, REFUSED } from "#app/features/accounts/texts";
import { withWait } from "#app/lib/plural";
import {
  askedToLogInAgain,
  nextPageAfterLogin,
  usernameToFillIn,
} from "#app/features/accounts/next-page";
import { ACCOUNT_PART } from "#app/features/accounts/page-parts";
import { newSessionContext, viewerOf } from "#app/features/accounts/viewer.server";
import { appContext, isHttps, limitedCaller } from "#app/lib/app-context.server";
import { readFormFields } from "#app/lib/http.server";
import type { RouteHandle } from "#app/root";
import { pageMeta } from "./page-heads";
import { requireFormPost, retryAfterOf } from "./guards.server";
import type { Route } from "./+types/login";

export const handle: RouteHandle = { script: "account-forms" };

export function loader({ url }: Route.LoaderArgs) {
  return {
    registered: url.searchParams.get("registered") === "1",
    again: askedToLogInAgain(url),
    username: usernameToFillIn(url),
  };
}

/** Every failure shows the one failure text (docs/requirements.md#accounts). */
export async function action({ request, context }: Route.ActionArgs) {
  requireFormPost(request);
  const parsed = LoginFormSchema.safeParse(await readFormFields(request, { maxBytes: 16 * 1024 }));
  if (!parsed.success) return data<LoginResult>({ error: LOGIN_FAILED }, { status: 400 });
  const app = context.get(appContext);
  const https = isHttps(app.site);
  const { keep_signed_in: keep, ...credentials } = parsed.data;
  const result = await logIn({
    ...limitedCaller(app),
    jwtSecret: app.jwtSecret,
    ...credentials,
    keepSignedIn: keep === "1",
    device: { cookieHeader: request.headers.get("cookie"), https },
  });
  switch (result.outcome) {
    case "wrong-credentials":
      return data<LoginResult>({ error: LOGIN_FAILED }, { status: 401 });
    case "throttled":
    case "signed-in-too-often":
    case "busy": {
      // Only a count of failures says to check the password: the others say nothing of it.
      const message =
        (result.outcome === "throttled" ? LOGIN_FAILED : "") + REFUSED[result.outcome];
      const error = withWait(message, result.retryAfterSeconds);
      const headers = { "Retry-After": String(result.retryAfterSeconds) };
      // A full queue empties in seconds: the page's script tries again by itself.
      const retryInSeconds = result.outcome === "busy" ? result.retryAfterSeconds : undefined;
      return data<LoginResult>({ error, retryInSeconds }, { status: 429, headers });
    }
  }
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", sessionCookie({ https, session: result.session }));
  if (result.deviceCookie) headers.append("Set-Cookie", result.deviceCookie);
  context.set(newSessionContext, result.session.id);
  // For the page's script; the root loader reuses this lookup.
  const viewer = await viewerOf({ db: app.db, request, context, https });
  return data<LoginResult>(
    {
      token: result.tokens.access,
      next: nextPageAfterLogin(new URL(request.url)),
      firstName: viewer?.firstName ?? "",
    },
    { headers },
  );
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => ({
  "Cache-Control": "no-store",
  ...retryAfterOf(actionHeaders),
});

export const meta = pageMeta("/login");

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const next = actionData && "next" in actionData ? actionData.next : null;
  return (
    <section className="account" aria-labelledby="login-heading">
      <h1 id="login-heading">Login</h1>
      {/* Without JavaScript, the browser itself goes on once the token has been shown. */}
      {next ? <meta httpEquiv="refresh" content={`2; url=${next}`} /> : null}
      <div id={ACCOUNT_PART.note}>
        {loaderData.registered && !actionData ? (
          <p className="notice" role="status">
            Registration successful! Please log in.
          </p>
        ) : null}
        {loaderData.again && !actionData ? (
          <p className="notice" role="status">
            {LOG_IN_AGAIN_NOTE}
          </p>
        ) : null}
      </div>
      <LoginForm result={actionData} username={loaderData.username} />
      <p>
        No account yet? <a href="/register">Register here</a>
      </p>
    </section>
  );
}
