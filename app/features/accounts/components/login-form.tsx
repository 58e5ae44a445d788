import { Form } from "react-router";
import { fieldsOf } from "#app/lib/form-fields";
import { ANSWER_PART_ATTRIBUTE, FORM_PART } from "../form-answer";
import type { LoginSchema } from "../schemas";
import { LOGGING_IN, LOGIN_FAILED, NO_CONNECTION } from "../texts";

const field = fieldsOf<typeof LoginSchema>();
const answerPart = { [ANSWER_PART_ATTRIBUTE]: "" };

export type LoginResult = { error: string } | { token: string; next: string };

/**
 * The login form. It posts to the page's own action, so it works before the page's script
 * has arrived and without it. The script (app/page-scripts/account-forms.ts) sends it
 * itself, showing the texts this form carries while it waits and when no answer comes, and
 * fills the parts marked as answer parts from the page the server answers with.
 */
export function LoginForm({ result }: { result: LoginResult | undefined }) {
  const token = result && "token" in result ? result : null;
  return (
    <Form
      method="post"
      className="account-form"
      data-account-form=""
      data-waiting={LOGGING_IN}
      data-no-connection={NO_CONNECTION}
      data-unreadable={LOGIN_FAILED}
    >
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
      <button type="submit" className="button" disabled={token !== null}>
        Login
      </button>
      <p role="status" id={FORM_PART.status} className="form-status" {...answerPart}>
        {token ? "Login successful!" : ""}
      </p>
      <p role="alert" id={FORM_PART.error} className="form-error" {...answerPart}>
        {result && "error" in result ? result.error : ""}
      </p>
      <div id={FORM_PART.token} {...answerPart}>
        {token ? (
          <p className="token" data-next={token.next}>
            <span className="token__label">Your token:</span> <code>{token.token}</code>
          </p>
        ) : null}
      </div>
    </Form>
  );
}
