import { RegisterForm } from "#app/features/accounts/components/register-form";
import { metaFor } from "#app/lib/site-data";
import type { RouteHandle } from "#app/root";
import { registerCall } from "./api/register-call.server";
import type { Route } from "./+types/register";

export const handle: RouteHandle = { hydrate: true };

/**
 * /register is the page; /register/, with the trailing slash, is the older app's JSON call
 * (routes/api/register-call.server.ts). React Router treats the two addresses as one, so the
 * call is answered here, before the page.
 */
export const middleware: Route.MiddlewareFunction[] = [
  (args, next) => (new URL(args.request.url).pathname.endsWith("/") ? registerCall(args) : next()),
];

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Register",
    description: "Create a free StudyZed account with a username and password.",
    keywords: ["register", "sign up", "StudyZed account"],
    path: "/register",
  });

export default function Register() {
  return (
    <section className="account" aria-labelledby="register-heading">
      <h1 id="register-heading">Register</h1>
      <RegisterForm />
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
