import { Form } from "react-router";
import { fieldsOf } from "#app/lib/form-fields";
import { ACCOUNT_PART } from "../page-parts";
import type { LoginFormSchema } from "../schemas";
import { LOGGING_IN, LOGIN_FAILED, LOGIN_SUCCESSFUL, NO_CONNECTION } from "../texts";
import { LabelledInput } from "./labelled-input";

const field = fieldsOf<typeof LoginFormSchema>();

/** A refusal the page tries again by itself, after `retryInSeconds`, when it has one. */
export type FormRefusal = { error: string; retryInSeconds?: number };
export type LoginResult = FormRefusal | { token: string; next: string; firstName: string };

// app/page-scripts/account-forms.ts shows the action's result with these texts and templates.
export function LoginForm({
  result,
  username = "",
}: {
  result: LoginResult | undefined;
  username?: string;
}) {
  const signedIn = result && "token" in result ? result : null;
  return (
    <>
      <Form
        method="post"
        className="account-form"
        data-account-form=""
        data-waiting={LOGGING_IN}
        data-no-connection={NO_CONNECTION}
        data-unreadable={LOGIN_FAILED}
        data-signed-in={LOGIN_SUCCESSFUL}
      >
        <LabelledInput
          label="Username"
          name={field("username")}
          autoComplete="username"
          autoCapitalize="none"
          defaultValue={username || undefined}
        />
        <LabelledInput
          label="Password"
          name={field("password")}
          type="password"
          autoComplete="current-password"
        />
        {/* Off unless chosen: on a shared phone the next student must not find this one signed in. */}
        <label className="checkbox">
          <input type="checkbox" name={field("keep_signed_in")} value="1" /> Keep me signed in on
          this phone
        </label>
        <p className="field-hint">For 30 days. Leave it unticked on a phone you share.</p>
        <button type="submit" className="button" disabled={signedIn !== null}>
          Login
        </button>
        <p role="status" id={ACCOUNT_PART.status} className="form-status">
          {signedIn ? LOGIN_SUCCESSFUL : ""}
        </p>
        <p role="alert" id={ACCOUNT_PART.error} className="form-error">
          {result && "error" in result ? result.error : ""}
        </p>
        <div id={ACCOUNT_PART.token}>
          {signedIn ? (
            <TokenLine token={signedIn.token} next={signedIn.next} />
          ) : (
            <template>
              <TokenLine token="" />
            </template>
          )}
        </div>
      </Form>
    </>
  );
}

function TokenLine({ token, next }: { token: string; next?: string }) {
  return (
    <p className="token" data-next={next}>
      <span className="token__label">Your token:</span> <code>{token}</code>
    </p>
  );
}
