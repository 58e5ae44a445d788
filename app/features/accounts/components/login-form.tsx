import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { fieldsOf } from "#app/lib/form-fields";
import type { LoginSchema } from "../schemas";
import { TOKEN_STORAGE_KEY } from "../texts";

const field = fieldsOf<typeof LoginSchema>();
/** Long enough to read 'Login successful!' and see the token, as the login page must show it (docs/requirements.md, "Accounts"). */
const REDIRECT_DELAY_MS = 1500;

export type LoginResult = { error: string } | { token: string; next: string };

/**
 * The login form. It posts to the page's own action, so it works before the page's
 * JavaScript has arrived and without it; with JavaScript it says 'Logging ... Please wait '
 * while the answer is on its way, keeps the access token in local storage, and goes on
 * after a moment. Without JavaScript the page itself goes on (routes/login.tsx).
 */
export function LoginForm({ result }: { result: LoginResult | undefined }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const token = result && "token" in result ? result.token : null;
  const next = result && "next" in result ? result.next : "/";

  useEffect(() => {
    if (!token) return;
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
    const timer = window.setTimeout(() => window.location.assign(next), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [token, next]);

  return (
    <Form method="post" className="account-form">
      <label htmlFor="username">Username</label>
      <input
        id="username"
        name={field("username")}
        autoComplete="username"
        autoCapitalize="none"
        required
        maxLength={150}
      />
      <label htmlFor="password">Password</label>
      <input
        id="password"
        name={field("password")}
        type="password"
        autoComplete="current-password"
        required
        maxLength={128}
      />
      <button type="submit" className="button" disabled={sending || token !== null}>
        Login
      </button>
      <p role="status" className="form-status">
        {sending ? "Logging ... Please wait " : token ? "Login successful!" : ""}
      </p>
      <p role="alert" className="form-error">
        {!sending && result && "error" in result ? result.error : ""}
      </p>
      {token ? (
        <p className="token">
          <span className="token__label">Your token:</span> <code>{token}</code>
        </p>
      ) : null}
    </Form>
  );
}
