/** What one of the material page's forms did, or why not; `form` says which form was sent. */
export type MaterialFormResult = { form?: "details" | "file" | "image" | "link" } & (
  { done: string } | { error: string }
);

/**
 * The answer under the form it belongs to, where the admin's eyes already are on a small
 * screen; `form` undefined shows an answer that names no form (a dropped connection).
 * Marked so that an upload sent by script can find it in the page the server sends back.
 */
export function FormAnswer({
  form,
  result,
}: {
  form: MaterialFormResult["form"];
  result: MaterialFormResult | null | undefined;
}) {
  if (!result || result.form !== form) return null;
  const failed = "error" in result;
  return (
    <p
      role={failed ? "alert" : "status"}
      className={failed ? "form-error" : "form-status"}
      data-answer-for={form ?? "page"}
      data-outcome={failed ? "error" : "done"}
    >
      {failed ? result.error : result.done}
    </p>
  );
}
