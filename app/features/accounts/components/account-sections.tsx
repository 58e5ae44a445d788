import { fieldsOf } from "#app/lib/form-fields";
import type { ChangePasswordSchema, DeleteAccountSchema } from "../schemas";
import { LabelledInput } from "./labelled-input";

type AccountForm = "password" | "delete";

export type AccountFormResult = {
  form: AccountForm;
  status?: string;
  error?: string;
  typedUsername?: string;
};

const passwordField = fieldsOf<typeof ChangePasswordSchema>();
const deleteField = fieldsOf<typeof DeleteAccountSchema>();

export const ACCOUNT_INTENT = {
  password: "change-password",
  delete: "delete-account",
} as const satisfies Record<AccountForm, string>;

function Outcome({ form, result }: { form: AccountForm; result: AccountFormResult | undefined }) {
  const mine = result?.form === form ? result : undefined;
  return (
    <>
      <p role="status" id={`${form}-status`} className="form-status">
        {mine?.status ?? ""}
      </p>
      <p role="alert" id={`${form}-error`} className="form-error">
        {mine?.error ?? ""}
      </p>
    </>
  );
}

type FormProps = { result: AccountFormResult | undefined };

export function ChangePasswordSection({ result }: FormProps) {
  return (
    <section className="account-part" aria-labelledby="password-heading">
      <h2 id="password-heading">Change your password</h2>
      <form method="post" action="/account" className="account-form">
        <input type="hidden" name="intent" value={ACCOUNT_INTENT.password} />
        <LabelledInput
          label="Current password"
          id="current-password"
          name={passwordField("current_password")}
          type="password"
          autoComplete="current-password"
        />
        <LabelledInput
          label="New password"
          id="new-password"
          name={passwordField("new_password")}
          type="password"
          autoComplete="new-password"
          aria-describedby="new-password-help"
          minLength={8}
        />
        <p id="new-password-help" className="account-part__help">
          At least 8 characters. Not a common password, and not like your name or username.
        </p>
        <LabelledInput
          label="New password again"
          id="new-password-again"
          name={passwordField("new_password_again")}
          type="password"
          autoComplete="new-password"
          minLength={8}
        />
        <button type="submit" className="button">
          Change password
        </button>
        <Outcome form="password" result={result} />
      </form>
    </section>
  );
}

export function SignOutSection() {
  return (
    <section className="account-part" aria-labelledby="sign-out-heading">
      <h2 id="sign-out-heading">Log out</h2>
      <p>Log out on this phone only, or on every phone and in the app at once.</p>
      <div className="account-part__buttons">
        <form method="post" action="/logout">
          <button type="submit" className="button button--quiet">
            Log out on this phone
          </button>
        </form>
        <form method="post" action="/logout">
          <input type="hidden" name="everywhere" value="1" />
          <button type="submit" className="button button--quiet">
            Log out on every phone
          </button>
        </form>
      </div>
    </section>
  );
}

export function DownloadDataSection() {
  return (
    <section className="account-part" aria-labelledby="data-heading">
      <h2 id="data-heading">Download my data</h2>
      <p>
        A file with your account details, all your quiz results, and where you are logged in. Your
        password is not in it.
      </p>
      {/* A POST, so no link preview or cache ever fetches it. */}
      <form method="post" action="/account/data">
        <button type="submit" className="button button--quiet">
          Download my data
        </button>
      </form>
    </section>
  );
}

export function DeleteAccountSection({ username, result }: FormProps & { username: string }) {
  return (
    <section className="account-part" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete my account</h2>
      <p>
        This deletes your account and all your quiz results for ever. It cannot be undone. To be
        sure, type your username, <strong>{username}</strong>, below.
      </p>
      <form method="post" action="/account" className="account-form">
        <input type="hidden" name="intent" value={ACCOUNT_INTENT.delete} />
        <LabelledInput
          label="Your username"
          id="confirm-username"
          name={deleteField("username")}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          defaultValue={result?.form === "delete" ? (result.typedUsername ?? "") : ""}
        />
        <button type="submit" className="button button--danger">
          Delete my account
        </button>
        <Outcome form="delete" result={result} />
      </form>
    </section>
  );
}
