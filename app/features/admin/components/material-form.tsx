import { useState, type FormEvent } from "react";
import { adminCall } from "./admin-call";

export type MaterialFormValues = {
  key: string;
  kind: string;
  title: string;
  isFree: boolean;
  priceNgwee: number | null;
  crossedOutPrice: string | null;
  grade: string | null;
  year: number | null;
  label: string | null;
  brainBooster: string | null;
  externalUrl: string | null;
  externalByteSize: number | null;
};

/** Edit a material's details, replace its file by upload, or point it at an external link. */
export function MaterialForm({
  material,
  quizzes,
}: {
  material: MaterialFormValues;
  quizzes: readonly string[];
}) {
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);

  const report = (result: Awaited<ReturnType<typeof adminCall>>, done: string) => {
    if (result.ok) {
      setMessage({ error: false, text: done });
      window.setTimeout(() => window.location.reload(), 600);
    } else setMessage({ error: true, text: String(result.data.error ?? "That did not work.") });
  };

  async function saveDetails(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const number = (name: string) => (form.get(name) ? Number(form.get(name)) : null);
    report(
      await adminCall("PUT", `/materials/${material.key}`, {
        title: form.get("title"),
        isFree: form.get("isFree") === "on",
        priceNgwee: number("priceZmw") === null ? null : Math.round(number("priceZmw")! * 100),
        crossedOutPrice: form.get("crossedOutPrice") ?? "",
        grade: form.get("grade") ?? "",
        year: number("year"),
        label: form.get("label") ?? "",
        brainBooster: form.get("brainBooster") ?? "",
      }),
      "Saved.",
    );
  }

  /** Sends the form's file to `/materials/{key}/{what}`. */
  const upload =
    (what: "file" | "image", done: string) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setMessage({ error: false, text: "Uploading ..." });
      report(
        await adminCall(
          "POST",
          `/materials/${material.key}/${what}`,
          new FormData(event.currentTarget),
        ),
        done,
      );
    };

  async function setLink(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    report(
      await adminCall("PUT", `/materials/${material.key}/external`, {
        url: form.get("url"),
        byteSize: Number(form.get("byteSize")),
      }),
      "The link is set.",
    );
  }

  return (
    <div className="material-form">
      <form onSubmit={saveDetails} className="editor">
        <h2>Details</h2>
        <label>
          Title
          <input name="title" defaultValue={material.title} required />
        </label>
        <label className="checkbox">
          <input type="checkbox" name="isFree" defaultChecked={material.isFree} /> FREE
        </label>
        <label>
          Price in ZMW, shown struck through when not free
          <input
            name="priceZmw"
            type="number"
            min="0"
            step="0.01"
            defaultValue={material.priceNgwee === null ? "" : material.priceNgwee / 100}
          />
        </label>
        <label>
          Crossed-out price (books), like 19.99
          <input
            name="crossedOutPrice"
            defaultValue={material.crossedOutPrice ?? ""}
            pattern="\d+\.\d{2}"
          />
        </label>
        <label>
          Grade
          <select name="grade" defaultValue={material.grade ?? ""}>
            <option value="">None</option>
            {["Ten", "Eleven", "Twelve", "Ten - Twelve"].map((grade) => (
              <option key={grade}>{grade}</option>
            ))}
          </select>
        </label>
        <label>
          Year
          <input
            name="year"
            type="number"
            min="2000"
            max="2100"
            defaultValue={material.year ?? ""}
          />
        </label>
        <label>
          Label
          <input name="label" defaultValue={material.label ?? ""} />
        </label>
        <label>
          Brain Booster link
          <select name="brainBooster" defaultValue={material.brainBooster ?? ""}>
            <option value="">None</option>
            {quizzes.map((quiz) => (
              <option key={quiz}>{quiz}</option>
            ))}
          </select>
        </label>
        <button type="submit" className="button">
          Save details
        </button>
      </form>
      <form onSubmit={upload("file", "The new file is in place.")} className="editor">
        <h2>Replace the file</h2>
        <label>
          A PDF, at most 50 MB
          <input type="file" name="file" accept="application/pdf" required />
        </label>
        <button type="submit" className="button">
          Upload
        </button>
      </form>
      <form onSubmit={upload("image", "The new picture is in place.")} className="editor">
        <h2>Replace the cover picture</h2>
        <label>
          A WebP, PNG or JPEG image, small (covers show at 132×187, books at 240×180)
          <input type="file" name="file" accept="image/webp,image/png,image/jpeg" required />
        </label>
        <button type="submit" className="button">
          Upload picture
        </button>
      </form>
      <form onSubmit={setLink} className="editor">
        <h2>Or link to a file elsewhere</h2>
        <label>
          https address
          <input name="url" type="url" defaultValue={material.externalUrl ?? ""} required />
        </label>
        <label>
          Its size in bytes (shown to students before they tap)
          <input
            name="byteSize"
            type="number"
            min="1"
            defaultValue={material.externalByteSize ?? ""}
            required
          />
        </label>
        <button type="submit" className="button">
          Set the link
        </button>
      </form>
      {message ? (
        <p
          role={message.error ? "alert" : "status"}
          className={message.error ? "form-error" : "form-status"}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
