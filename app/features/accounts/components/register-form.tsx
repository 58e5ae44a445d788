import { Form, useNavigation } from "react-router";
import { fieldsOf } from "#app/lib/form-fields";
import type { RegisterSchema } from "../schemas";

const field = fieldsOf<typeof RegisterSchema>();

export type RegisterResult = { error: string };

/**
 * The registration form. It posts to the page's own action, so it works before the page's
 * JavaScript has arrived and without it; with JavaScript it says 'Registering ... Please
 * wait ' while the answer is on its way. Success goes to /login with the success note.
 */
export function RegisterForm({ result }: { result: RegisterResult | undefined }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  return (
    <Form method="post" className="account-form">
      <label htmlFor="first_name">First name</label>
      <input
        id="first_name"
        name={field("first_name")}
        autoComplete="given-name"
        required
        maxLength={150}
      />
      <label htmlFor="last_name">Last name</label>
      <input
        id="last_name"
        name={field("last_name")}
        autoComplete="family-name"
        required
        maxLength={150}
      />
      <label htmlFor="username">Username</label>
      <input
        id="username"
        name={field("username")}
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
        name={field("password")}
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
        {!sending && result ? result.error : ""}
      </p>
    </Form>
  );
}
