type MaterialForm = "details" | "file" | "image" | "link";
export type MaterialFormResult = { form?: MaterialForm } & ({ done: string } | { error: string });

// Under the form that was sent, where the admin's eyes are on a small screen.
export function FormResult({ form, result }: { form?: MaterialForm; result?: MaterialFormResult }) {
  if (!result || result.form !== form) return null;
  const failed = "error" in result;
  return (
    <p role={failed ? "alert" : "status"} className={failed ? "form-error" : "form-status"}>
      {failed ? result.error : result.done}
    </p>
  );
}
