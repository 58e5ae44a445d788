/** What one of the material page's forms did, or why not; `form` says which form was sent. */
export type MaterialFormResult = { form?: "details" | "file" | "image" | "link" } & (
  { done: string } | { error: string }
);

/**
 * The result under the form it belongs to, where the admin's eyes already are on a small
 * screen; `form` undefined shows a result that names no form (a dropped connection).
 */
export function FormResult({
  form,
  result,
}: {
  form: MaterialFormResult["form"];
  result: MaterialFormResult | null | undefined;
}) {
  if (!result || result.form !== form) return null;
  const failed = "error" in result;
  return (
    <p role={failed ? "alert" : "status"} className={failed ? "form-error" : "form-status"}>
      {failed ? result.error : result.done}
    </p>
  );
}
