import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { fieldsOf } from "#app/lib/form-fields";
import type { MaterialIntentSchema } from "../forms";
import { FormAnswer, type MaterialFormResult } from "./form-answer";

const intentField = fieldsOf<typeof MaterialIntentSchema>()("intent");

/**
 * A form that uploads one file to the material page's action. Without JavaScript it is a
 * plain form post, answered by the page with what was stored. With JavaScript it is sent
 * by XMLHttpRequest, the one browser API that reports how much of an upload has gone, so a
 * slow connection shows a bar that moves; the answer is then read from the page the server
 * sends back, the same words as without JavaScript.
 */
export function UploadForm({
  intent,
  heading,
  label,
  accept,
  button,
  result,
  busy,
  maxBytes,
}: {
  intent: "file" | "image";
  heading: string;
  label: string;
  accept: string;
  button: string;
  /** The page's own answer to this form (a post without JavaScript). */
  result: MaterialFormResult | undefined;
  /** Another of the page's forms is being sent. */
  busy: boolean;
  /** The largest file the server takes, checked here too so a phone does not send one for nothing. */
  maxBytes: number;
}) {
  const [sent, setSent] = useState<number | null>(null);
  const [answer, setAnswer] = useState<MaterialFormResult | null>(null);
  const revalidator = useRevalidator();

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const chosen = form.elements.namedItem("file");
    const size = chosen instanceof HTMLInputElement ? (chosen.files?.[0]?.size ?? 0) : 0;
    if (size > maxBytes) {
      setAnswer({ form: intent, error: `The file is larger than ${maxBytes / 1_000_000} MB.` });
      return;
    }
    const upload = new XMLHttpRequest();
    upload.open("POST", form.action);
    upload.responseType = "document";
    upload.upload.onprogress = (progress) => {
      if (progress.lengthComputable) setSent(progress.loaded / progress.total);
    };
    upload.onload = () => {
      setSent(null);
      setAnswer(answerIn(upload.response as Document | null, intent));
      form.reset();
      void revalidator.revalidate();
    };
    upload.onerror = upload.ontimeout = () => {
      setSent(null);
      setAnswer({
        form: intent,
        error:
          "The connection dropped before the upload was complete. Nothing was changed: try again.",
      });
    };
    setAnswer(null);
    setSent(0);
    upload.send(new FormData(form));
  };

  return (
    <form method="post" encType="multipart/form-data" className="editor" onSubmit={send}>
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
        <FormAnswer form={intent} result={answer ?? result} />
      )}
    </form>
  );
}

/** The answer the server's page shows for this form, or a failure when it shows none. */
function answerIn(page: Document | null, intent: "file" | "image"): MaterialFormResult {
  const shown = page?.querySelector(`[data-answer-for="${intent}"]`);
  const text = shown?.textContent?.trim();
  if (!shown || !text)
    return {
      form: intent,
      error: "The site did not say whether the upload worked: reload the page to see the file.",
    };
  return shown.getAttribute("data-outcome") === "done"
    ? { form: intent, done: text }
    : { form: intent, error: text };
}
