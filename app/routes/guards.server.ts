import { data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { requireUser, signedInUserContext } from "#app/features/accounts/public.server";

/** A page's refusal to wait says how long (docs/security.md#login-and-registration-limits). */
export function retryAfterOf(actionHeaders: Headers): Record<string, string> {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

/** A page's action takes a form's POST; any other method gets the 405 screen. */
export function requireFormPost(request: Request): void {
  if (request.method !== "POST")
    throw data(null, { status: 405, headers: { Allow: "GET, HEAD, POST" } });
}

type Guard = { admin: boolean; cacheControl: string; recentSignIn?: boolean };

// The account and admin layouts (docs/security.md#admin, docs/decisions/0045-the-account-pages.md):
// no cache keeps a response, a refusal included, so the guard is the inner of the two middlewares.
export function signedInOnly(guard: Guard): MiddlewareFunction<Response>[] {
  const { admin, cacheControl, recentSignIn } = guard;
  return [
    async (_args, next) => {
      const response = await next();
      response.headers.set("Cache-Control", cacheControl);
      return response;
    },
    async ({ request, context }, next) => {
      await requireUser({ request, context, admin, recentSignIn });
      return next();
    },
  ];
}

export function signedInUser(context: Readonly<RouterContextProvider>) {
  return context.get(signedInUserContext);
}
