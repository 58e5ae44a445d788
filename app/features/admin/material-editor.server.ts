import * as catalogue from "#app/features/catalogue/public.server";
import * as downloads from "#app/features/downloads/public.server";
import type { FileStorage } from "#app/lib/file-storage.server";
import { readFormFields } from "#app/lib/http.server";
import { readMultipartForm, UploadError } from "#app/lib/multipart.server";
import { describeIssues } from "#app/lib/validation";
import type { AdminChange } from "./audit.server";
import {
  auditedReplaceMaterialFile,
  auditedReplaceMaterialImage,
  auditedSetMaterialExternalLink,
  auditedUpdateMaterial,
} from "./audited-changes.server";
import type { MaterialFormResult } from "./components/form-result";
import { MaterialIntentSchema } from "./forms";

type MaterialEdit = AdminChange & { request: Request; storage: FileStorage; key: string };

const notFound = { outcome: "not-found" } as const;
const shown = (message: MaterialFormResult, status = 200) =>
  ({ outcome: "shown", status, message }) as const;

export function changeMaterialFromForm(edit: MaterialEdit) {
  return edit.request.headers.get("content-type")?.startsWith("multipart/form-data")
    ? uploadToMaterial(edit)
    : changeMaterialFields(edit);
}

async function uploadToMaterial({ request, db, storage, actor, key }: MaterialEdit) {
  let form: "file" | "image" | undefined;
  try {
    const upload = await readMultipartForm(
      request,
      { maxFiles: 1, maxFileBytes: downloads.MAX_UPLOAD_BYTES },
      ({ field, fileName, stream }, fieldsSoFar) => {
        const intent = MaterialIntentSchema.safeParse(fieldsSoFar).data?.intent;
        if (field !== "file" || (intent !== "file" && intent !== "image"))
          throw new UploadError(400, "The form has a file where none belongs.");
        form = intent;
        return downloads.saveUpload({
          storage,
          stream,
          fileName,
          accept: intent === "file" ? "pdf" : "cover",
        });
      },
    );
    form = upload.fields.intent === "image" ? "image" : "file";
    const file: downloads.ReceivedUpload | undefined = upload.files.file;
    if (!file) return shown({ form, error: "Choose a file to upload." }, 400);
    const uploaded = `Uploaded ${file.fileName}, ${downloads.formatBytes(file.byteSize)}.`;
    if (form === "file") {
      await downloads.refuseUnusablePdf({ storage, upload: file });
      const replaced = await auditedReplaceMaterialFile({ db, actor, key, file });
      if (replaced.outcome === "not-found") return notFound;
      const done = `The new file is in place. ${uploaded} Students download it as "${replaced.downloadName}".`;
      return shown({ form, done });
    }
    const material = await catalogue.findMaterialForAdmin({ db, key });
    if (!material) return notFound;
    const picture = await downloads.coverAsWebp({ storage, upload: file, kind: material.kind });
    const image = { src: downloads.storedImageAddress(picture), file: picture };
    const replaced = await auditedReplaceMaterialImage({ db, actor, key, image });
    if (replaced.outcome === "not-found") return notFound;
    return shown({ form, done: `The new picture is in place. ${uploaded}` });
  } catch (error) {
    if (error instanceof UploadError) return shown({ form, error: error.message }, error.status);
    throw error;
  }
}

async function changeMaterialFields({ request, db, actor, key }: MaterialEdit) {
  const fields = await readFormFields(request, { maxBytes: 16 * 1024 });
  const intent = MaterialIntentSchema.safeParse(fields);
  if (!intent.success || (intent.data.intent !== "details" && intent.data.intent !== "link"))
    return shown({ error: "Choose what to change." }, 400);
  const form = intent.data.intent;
  if (form === "details") {
    const edit = catalogue.MaterialEditSchema.safeParse(fields);
    if (!edit.success) return shown({ form, error: describeIssues(edit.error).error }, 400);
    const changed = await auditedUpdateMaterial({ db, actor, key, edit: edit.data });
    return changed.outcome === "not-found" ? notFound : shown({ form, done: "Saved." });
  }
  const link = catalogue.ExternalLinkSchema.safeParse(fields);
  if (!link.success) return shown({ form, error: describeIssues(link.error).error }, 400);
  const changed = await auditedSetMaterialExternalLink({ db, actor, key, link: link.data });
  return changed.outcome === "not-found" ? notFound : shown({ form, done: "The link is set." });
}
