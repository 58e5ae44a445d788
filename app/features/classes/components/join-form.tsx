/** Posts to /classes: a code typed with spaces, hyphens or small letters is taken as it is meant. */
export function JoinForm({ error }: { error: string | null }) {
  return (
    <form method="post" action="/classes" className="account-form" aria-labelledby="join-heading">
      <input type="hidden" name="intent" value="join" />
      <label htmlFor="class-code">Class code</label>
      <input
        id="class-code"
        name="code"
        required
        maxLength={40}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        aria-describedby="class-code-error"
      />
      <p id="class-code-error" className="form-error" role="alert">
        {error ?? ""}
      </p>
      <button type="submit" className="button">
        Join
      </button>
    </form>
  );
}
