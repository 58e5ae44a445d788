import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { fieldsOf } from "#app/lib/form-fields";
import { postForm } from "#app/lib/post-form";
import type { MaterialIntentSchema } from "../forms";
import { FormResult, type MaterialFormResult } from "./form-result";

const intentField = fieldsOf<typeof MaterialIntentSchema>()("intent");

type UploadFormProps = {
  intent: "file" | "image";
  heading: string;
  label: string;
  accept: string;
  button: string;
  result: MaterialFormResult | undefined;
  busy: boolean;
  // Checked here too, so a phone does not send a file for nothing.
  maxBytes: number;
};

// docs/decisions/0038-uploads-that-say-what-they-stored.md
export function UploadForm(props: UploadFormProps) {
  const { intent, heading, label, accept, button, result, busy, maxBytes } = props;
  const [sent, setSent] = useState<number | null>(null);
  const [posted, setPosted] = useState<MaterialFormResult | null>(null);
  const revalidator = useRevalidator();

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const chosen = form.elements.namedItem("file");
    const size = chosen instanceof HTMLInputElement ? (chosen.files?.[0]?.size ?? 0) : 0;
    if (size > maxBytes) {
      setPosted({ form: intent, error: `The file is larger than ${maxBytes / 1_000_000} MB.` });
      return;
    }
    setPosted(null);
    setSent(0);
    const outcome = await postForm<MaterialFormResult>(form, { onProgress: setSent });
    setSent(null);
    if (outcome.outcome === "redirect") {
      window.location.assign(outcome.to);
      return;
    }
    const result =
      outcome.outcome === "result" ? outcome.result : { error: UPLOAD_FAILURES[outcome.outcome] };
    setPosted({ ...result, form: intent });
    if (outcome.outcome === "result" || outcome.outcome === "unreadable") {
      form.reset();
      void revalidator.revalidate();
    }
  };

  return (
    <form
      method="post"
      encType="multipart/form-data"
      className="editor"
      onSubmit={(event) => void send(event)}
    >
      <input type="hidden" name={intentField} value={intent} />
      <h2>{heading}</h2>
      <label>
        {label}
        <input type="file" name="file" accept={accept} required />
      </label>
      <button type="submit" className="button" disabled={busy || sent !== null}>
        {button}
      </button>
      {sent !== null ? (
        <p role="status" className="form-status upload-progress">
          Uploading ... {Math.floor(sent * 100)}%
          <progress max={1} value={sent} aria-label="Upload progress" />
        </p>
      ) : (
        <FormResult form={intent} result={posted ?? result} />
      )}
    </form>
  );
}

const UPLOAD_FAILURES = {
  unreadable: "The site did not say whether the upload worked: reload the page to see the file.",
  "not-sent":
    "The connection dropped before the upload was complete. Nothing was changed: try again.",
  "no-response":
    "The file was sent, but no response came: reload the page to see whether it is in place.",
};
