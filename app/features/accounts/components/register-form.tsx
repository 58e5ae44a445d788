import { Form } from "react-router";
import { fieldsOf } from "#app/lib/form-fields";
import { ACCOUNT_PART } from "../page-parts";
import type { RegisterSchema } from "../schemas";
import { MESSAGES, NO_CONNECTION, REGISTERING } from "../texts";

const field = fieldsOf<typeof RegisterSchema>();

export type RegisterResult = { error: string };

export function RegisterForm({ result }: { result: RegisterResult | undefined }) {
  return (
    <Form
      method="post"
      className="account-form"
      data-account-form=""
      data-waiting={REGISTERING}
      data-no-connection={NO_CONNECTION}
      data-unreadable={MESSAGES.usernameTaken}
    >
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
      <button type="submit" className="button">
        Register
      </button>
      <p role="status" id={ACCOUNT_PART.status} className="form-status" />
      <p role="alert" id={ACCOUNT_PART.error} className="form-error">
        {result?.error ?? ""}
      </p>
    </Form>
  );
}
