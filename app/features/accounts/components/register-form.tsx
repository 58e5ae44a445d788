import { Form } from "react-router";
import { fieldsOf } from "#app/lib/form-fields";
import { ACCOUNT_PART } from "../page-parts";
import type { RegisterSchema } from "../schemas";
import { MESSAGES, NO_CONNECTION, PASSWORD_MIN, PASSWORD_RULES, REGISTERING } from "../texts";
import { LabelledInput } from "./labelled-input";
import type { FormRefusal } from "./login-form";

const field = fieldsOf<typeof RegisterSchema>();

export function RegisterForm({ result }: { result: FormRefusal | undefined }) {
  return (
    <Form
      method="post"
      className="account-form"
      data-account-form=""
      data-waiting={REGISTERING}
      data-no-connection={NO_CONNECTION}
      data-unreadable={MESSAGES.usernameTaken}
    >
      <LabelledInput label="First name" name={field("first_name")} autoComplete="given-name" />
      <LabelledInput label="Last name" name={field("last_name")} autoComplete="family-name" />
      <LabelledInput
        label="Username"
        name={field("username")}
        placeholder="Username (No spaces)"
        autoComplete="username"
        autoCapitalize="none"
        pattern="[^\s]+"
        title="No spaces"
      />
      <LabelledInput
        label="Password"
        name={field("password")}
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN}
        aria-describedby={ACCOUNT_PART.passwordRules}
      />
      <p id={ACCOUNT_PART.passwordRules} className="field-hint">
        {PASSWORD_RULES}
      </p>
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
