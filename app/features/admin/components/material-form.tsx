import { Form, useNavigation } from "react-router";
import type {
  AdminMaterial,
  ExternalLinkSchema,
  MaterialEditSchema,
} from "#app/features/catalogue/public.server";
import { fieldsOf } from "#app/lib/form-fields";
import type { MaterialIntentSchema } from "../forms";
import { FormResult, type MaterialFormResult } from "./form-result";
import { UploadForm } from "./upload-form";

const detail = fieldsOf<typeof MaterialEditSchema>();
const link = fieldsOf<typeof ExternalLinkSchema>();
const intent = fieldsOf<typeof MaterialIntentSchema>()("intent");

// Each form names what it changes first, so the action knows what file to expect before it arrives.
type MaterialFormProps = {
  material: AdminMaterial;
  quizzes: readonly string[];
  result: MaterialFormResult | undefined;
  maxUploadBytes: number;
};

export function MaterialForm({ material, quizzes, result, maxUploadBytes }: MaterialFormProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const shown = sending ? undefined : result;
  const upload = { result: shown, busy: sending, maxBytes: maxUploadBytes };
  return (
    <div className="material-form">
      <FormResult form={undefined} result={shown} />
      <Form method="post" className="editor">
        <input type="hidden" name={intent} value="details" />
        <h2>Details</h2>
        <label>
          Title
          <input name={detail("title")} defaultValue={material.title} required />
        </label>
        <label className="checkbox">
          <input type="checkbox" name={detail("isFree")} defaultChecked={material.isFree} /> FREE
        </label>
        <label>
          Price in ZMW, shown struck through when not free
          <input
            name={detail("priceZmw")}
            inputMode="decimal"
            pattern="\d{1,4}(\.\d{1,2})?"
            defaultValue={material.priceNgwee === null ? "" : material.priceNgwee / 100}
          />
        </label>
        <label>
          Crossed-out price (books), like 19.99
          <input
            name={detail("crossedOutPrice")}
            defaultValue={material.crossedOutPrice ?? ""}
            pattern="\d+\.\d{2}"
          />
        </label>
        <label>
          Grade
          <select name={detail("grade")} defaultValue={material.grade ?? ""}>
            <option value="">None</option>
            {["Ten", "Eleven", "Twelve", "Ten - Twelve"].map((grade) => (
              <option key={grade}>{grade}</option>
            ))}
          </select>
        </label>
        <label>
          Year
          <input
            name={detail("year")}
            type="number"
            min="2000"
            max="2100"
            defaultValue={material.year ?? ""}
          />
        </label>
        <label>
          Label
          <input name={detail("label")} defaultValue={material.label ?? ""} />
        </label>
        <label>
          Brain Booster link
          <select name={detail("brainBooster")} defaultValue={material.brainBooster ?? ""}>
            <option value="">None</option>
            {quizzes.map((quiz) => (
              <option key={quiz}>{quiz}</option>
            ))}
          </select>
        </label>
        <button type="submit" className="button" disabled={sending}>
          Save details
        </button>
        <FormResult form="details" result={shown} />
      </Form>
      <UploadForm
        intent="file"
        heading="Replace the file"
        label="A PDF, at most 50 MB"
        accept="application/pdf"
        button="Upload"
        {...upload}
      />
      <UploadForm
        intent="image"
        heading="Replace the cover picture"
        label="A JPEG, PNG, WebP, GIF, TIFF or AVIF picture, made into the site's WebP (covers show at 132×187, books at 240×180)"
        accept="image/jpeg,image/png,image/webp,image/gif,image/tiff,image/avif"
        button="Upload picture"
        {...upload}
      />
      <Form method="post" className="editor">
        <input type="hidden" name={intent} value="link" />
        <h2>Or link to a file elsewhere</h2>
        <label>
          https address
          <input name={link("url")} type="url" defaultValue={material.externalUrl ?? ""} required />
        </label>
        <label>
          Its size in bytes (shown to students before they tap)
          <input
            name={link("byteSize")}
            type="number"
            min="1"
            defaultValue={material.externalByteSize ?? ""}
            required
          />
        </label>
        <button type="submit" className="button" disabled={sending}>
          Set the link
        </button>
        <FormResult form="link" result={shown} />
      </Form>
    </div>
  );
}
