import { useState, type FormEvent } from "react";

/** Spec §8: shown when the server gives no error text of its own. */
export const DEFAULT_REGISTER_ERROR =
  "Registration failed: Username already exists, please try another username";

/**
 * Spec §2 "Register": posts the older backend's JSON to POST /register/ and, on success,
 * goes to /login, which shows 'Registration successful! Please log in.'
 */
export function RegisterForm() {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function register(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSending(true);
    setError(null);
    try {
      const response = await fetch("/register/", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          first_name: form.get("first_name"),
          last_name: form.get("last_name"),
          username: form.get("username"),
          // Spec §2: no e-mail field; the value is sent as an empty string.
          email: "",
          password: form.get("password"),
        }),
      });
      if (response.ok) {
        window.location.assign("/login?registered=1");
        return;
      }
      const body = (await response.json().catch(() => ({}))) as { error?: unknown };
      setError(typeof body.error === "string" && body.error ? body.error : DEFAULT_REGISTER_ERROR);
    } catch {
      setError(DEFAULT_REGISTER_ERROR);
    }
    setSending(false);
  }

  return (
    <form className="account-form" onSubmit={register} noValidate={false}>
      <label htmlFor="first_name">First name</label>
      <input id="first_name" name="first_name" autoComplete="given-name" required maxLength={150} />
      <label htmlFor="last_name">Last name</label>
      <input id="last_name" name="last_name" autoComplete="family-name" required maxLength={150} />
      <label htmlFor="username">Username</label>
      <input
        id="username"
        name="username"
        placeholder="Username (No spaces)"
        autoComplete="username"
        autoCapitalize="none"
        required
        maxLength={150}
        pattern="[^\s]+"
        title="No spaces"
      />
      <label htmlFor="password">Password</label>
      <input
        id="password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={128}
      />
      <button type="submit" className="button" disabled={sending}>
        Register
      </button>
      <p role="status" className="form-status">
        {sending ? "Registering ... Please wait " : ""}
      </p>
      <p role="alert" className="form-error">
        {error ?? ""}
      </p>
    </form>
  );
}
