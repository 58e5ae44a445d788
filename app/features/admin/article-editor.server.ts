import {
  ArticleDraftSchema,
  draftOfStored,
  PICTURE_BOXES,
} from "#app/features/articles/public.server";
import * as downloads from "#app/features/downloads/public.server";
import type { FileStorage } from "#app/lib/file-storage.server";
import type { Logger } from "#app/lib/logger";
import { readMultipartForm, UploadError } from "#app/lib/multipart.server";
import { countOf } from "#app/lib/plural";
import {
  articleDraftOf,
  articleField,
  editableFromForm,
  IMAGE_SLOTS,
  type EditableArticle,
} from "./article-form";
import { describeArticleProblems } from "./article-problems";
import type { AdminChange } from "./audit.server";
import { auditedCreateArticle, auditedUpdateArticle } from "./audited-changes.server";
import type { EditorResult } from "./components/article-editor";

export type ArticleEditorResult =
  | { outcome: "saved"; id: number }
  | { outcome: "not-found" }
  | { outcome: "refused"; status: number; message: EditorResult };

const IMAGE_FILE_FIELDS = new Map(
  IMAGE_SLOTS.map((slot) => [articleField.image(slot, "file"), slot]),
);

/** The values its form would post: every box there, blank where the article has none. */
export function editableFromRecord(article: Parameters<typeof draftOfStored>[0]): EditableArticle {
  const fields = Object.fromEntries(formFields(draftOfStored(article)));
  return { ...editableFromForm(fields), keywords: article.keywords };
}

function formFields(value: unknown, name = ""): [string, string][] {
  if (typeof value === "string") return [[name, value]];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    formFields(inner, name ? `${name}.${key}` : key),
  );
}

type ArticleSave = AdminChange & {
  request: Request;
  storage: FileStorage;
  logger: Logger;
  id: number | null;
};

// A chosen picture is stored first and takes its address's place.
export async function saveArticleForm(save: ArticleSave): Promise<ArticleEditorResult> {
  const { request, db, storage, logger, actor, id } = save;
  const refusedUploads: UploadError[] = [];
  let form;
  try {
    form = await readMultipartForm(
      request,
      { maxFiles: 4, maxFileBytes: downloads.MAX_UPLOAD_BYTES },
      async ({ field, fileName, stream }) => {
        if (!IMAGE_FILE_FIELDS.has(field))
          throw new UploadError(400, "The form has a file where none belongs.");
        try {
          const upload = await downloads.saveUpload({ storage, stream, fileName, accept: "image" });
          await downloads.refuseOversizedPicture({ storage, upload });
          // Sized now, once, so that students are only ever sent the copies.
          await downloads.makePictureSizes({ db, storage, original: upload, boxes: PICTURE_BOXES });
          await downloads.recordStoredFile({ db, file: { ...upload, isSample: false } });
          logger.info(
            { event: "admin-upload", admin: actor.username, sha256: upload.sha256 },
            "image uploaded",
          );
          return downloads.storedImageAddress(upload);
        } catch (error) {
          if (!(error instanceof UploadError)) throw error;
          stream.resume();
          refusedUploads.push(error);
          return null;
        }
      },
    );
  } catch (error) {
    if (error instanceof UploadError)
      return { outcome: "refused", status: error.status, message: { error: error.message } };
    throw error;
  }
  const fields = { ...form.fields };
  for (const [field, src] of Object.entries(form.files)) {
    if (src) fields[articleField.image(IMAGE_FILE_FIELDS.get(field)!, "src")] = src;
  }
  const values = editableFromForm(fields);
  const [refusedUpload] = refusedUploads;
  if (refusedUpload) {
    const message = { error: refusedUpload.message, values };
    return { outcome: "refused", status: refusedUpload.status, message };
  }
  const draft = ArticleDraftSchema.safeParse(articleDraftOf(values));
  if (!draft.success) {
    const problems = describeArticleProblems(draft.error.issues);
    const error = `Not saved: ${countOf(problems.length, "field")} to fix.`;
    return { outcome: "refused", status: 400, message: { error, problems, values } };
  }
  const saved =
    id === null
      ? await auditedCreateArticle({
          db,
          actor,
          article: draft.data,
          publish: fields.intent === "publish",
        })
      : await auditedUpdateArticle({
          db,
          actor,
          id,
          article: draft.data,
          publish: fields.intent === "publish",
        });
  switch (saved.outcome) {
    case "created":
      return { outcome: "saved", id: saved.id };
    case "updated":
    case "published":
      return { outcome: "saved", id: id! };
    case "not-found":
      return saved;
    case "not-ready": {
      const problems = describeArticleProblems(saved.issues);
      const missing = countOf(problems.length, "field");
      const error =
        id === null
          ? `Not published: ${missing} to fill in or fix first. "Save as draft" keeps it as it is.`
          : fields.intent === "publish"
            ? `Not published: ${missing} to fill in or fix first. "Save" keeps it as a draft.`
            : `Not saved: this article is published, so ${missing} must be filled in or fixed first. To keep it unfinished, unpublish it from the article list.`;
      return { outcome: "refused", status: 400, message: { error, problems, values } };
    }
  }
}
