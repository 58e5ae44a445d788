import { LoginForm } from "#app/features/accounts/components/login-form";
import { metaFor } from "#app/lib/site-data";
import type { RouteHandle } from "#app/root";
import type { Route } from "./+types/login";

export const handle: RouteHandle = { hydrate: true };

export function loader({ url }: Route.LoaderArgs) {
  const next = url.searchParams.get("next");
  // Only back into the admin pages: never an address another site chose.
  return {
    registered: url.searchParams.get("registered") === "1",
    next: next && /^\/admin(\/[\w/-]*)?$/.test(next) ? next : "/",
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Login",
    description: "Log in to StudyZed with your username and password.",
    keywords: ["login", "sign in", "StudyZed account"],
    path: "/login",
  });

export default function Login({ loaderData }: Route.ComponentProps) {
  return (
    <section className="account" aria-labelledby="login-heading">
      <h1 id="login-heading">Login</h1>
      {loaderData.registered ? (
        <p className="notice" role="status">
          Registration successful! Please log in.
        </p>
      ) : null}
      <LoginForm next={loaderData.next} />
      <p>
        No account yet? <a href="/register">Register here</a>
      </p>
    </section>
  );
}
