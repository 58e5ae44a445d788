import type { Database } from "#database/client.server";
import { contentChanged } from "#app/lib/response-cache.server";
import * as articles from "#app/features/articles/public.server";
import * as catalogue from "#app/features/catalogue/public.server";
import { askForLiteCopy, recordStoredFile } from "#app/features/downloads/public.server";
import { jobsAsked } from "#app/lib/job-queue.server";
import { recordAudit, type AdminChange as Change, type AuditEntry } from "./audit.server";

type StoredFile = { sha256: string; byteSize: number; contentType: string; fileName: string };

function entry(action: string, target: string, details: AuditEntry["details"]): AuditEntry {
  return { action, target, details };
}

/** Thrown inside a change to roll back what it wrote before finding no record. */
class NoSuchRecord extends Error {
  override name = "NoSuchRecord";
}

// The owning feature's command and its audit entry (when `entryFor` gives one) in one
// transaction, so neither is stored without the other. Any cached page may show the change.
async function audited<T>(
  { db, actor }: Change,
  change: (tx: Database) => Promise<T>,
  entryFor: (result: T) => AuditEntry | false,
): Promise<T | articles.NotFound> {
  try {
    return await db.transaction(async (tx) => {
      const result = await change(tx);
      const logged = entryFor(result);
      if (logged) await recordAudit({ db: tx, actor, ...logged });
      return result;
    });
  } catch (error) {
    if (error instanceof NoSuchRecord) return { outcome: "not-found" };
    throw error;
  } finally {
    contentChanged();
  }
}

export function auditedCreateArticle(
  change: Change & { article: articles.ArticleDraft; publish: boolean },
) {
  const { article, publish } = change;
  return audited(
    change,
    (tx) => articles.createArticle({ db: tx, article, publish }),
    (created) =>
      created.outcome === "created" &&
      entry(
        publish ? "article.create-published" : "article.create-draft",
        `article ${created.id}`,
        { title: article.title },
      ),
  );
}

export function auditedUpdateArticle(
  change: Change & { id: number; article: articles.ArticleDraft; publish: boolean },
) {
  const { id, article, publish } = change;
  return audited(
    change,
    (tx) => articles.updateArticle({ db: tx, id, article, publish }),
    (updated) =>
      (updated.outcome === "updated" || updated.outcome === "published") &&
      entry(
        updated.outcome === "published" ? "article.update-published" : "article.update",
        `article ${id}`,
        { title: article.title },
      ),
  );
}

export function auditedSetArticlePublished(change: Change & { id: number; published: boolean }) {
  const { id, published } = change;
  return audited(
    change,
    (tx) => articles.setArticlePublished({ db: tx, id, published }),
    (changed) =>
      changed.outcome === "changed" &&
      entry(published ? "article.publish" : "article.unpublish", `article ${id}`, {
        title: changed.title,
      }),
  );
}

export function auditedDeleteArticle({ id, ...change }: Change & { id: number }) {
  return audited(
    change,
    (tx) => articles.deleteArticle({ db: tx, id }),
    (deleted) =>
      deleted.outcome === "deleted" &&
      entry("article.delete", `article ${id}`, { title: deleted.title }),
  );
}

export function auditedUpdateMaterial(
  change: Change & { key: string; edit: catalogue.MaterialEdit },
) {
  const { key, edit } = change;
  return audited(
    change,
    async (tx) => {
      // The earlier values, so the log can say "from 4 ZMW to Free".
      const found = await catalogue.findMaterialForAdmin({ db: tx, key });
      const changed = await catalogue.updateMaterial({ db: tx, key, edit });
      return { ...changed, before: found && editedFields(found) };
    },
    (changed) =>
      changed.outcome === "changed" &&
      entry("material.update", `material ${key}`, { ...edit, before: changed.before }),
  );
}

function editedFields(material: catalogue.AdminMaterial) {
  const { title, isFree, priceNgwee, crossedOutPrice, grade, year, label, brainBooster } = material;
  return { title, isFree, priceNgwee, crossedOutPrice, grade, year, label, brainBooster };
}

export function auditedSetMaterialExternalLink(
  change: Change & { key: string; link: catalogue.ExternalLink },
) {
  const { key, link } = change;
  return audited(
    change,
    (tx) => catalogue.setMaterialExternalLink({ db: tx, key, link }),
    (changed) =>
      changed.outcome === "changed" && entry("material.set-external-link", `material ${key}`, link),
  );
}

async function foundMaterial(change: Promise<catalogue.MaterialChange>) {
  if ((await change).outcome === "not-found") throw new NoSuchRecord();
}

export function auditedReplaceMaterialImage(
  change: Change & { key: string; image: { src: string; file: StoredFile } },
) {
  const { key, image } = change;
  return audited(
    change,
    async (tx) => {
      await recordStoredFile({ db: tx, file: { ...image.file, isSample: false } });
      await foundMaterial(catalogue.setMaterialImage({ db: tx, key, src: image.src }));
      return { outcome: "changed" as const };
    },
    () => entry("material.replace-image", `material ${key}`, { src: image.src }),
  );
}

export function auditedReplaceMaterialFile(change: Change & { key: string; file: StoredFile }) {
  const { key, file } = change;
  const replaced = audited(
    change,
    async (tx) => {
      const extension = file.fileName.slice(file.fileName.lastIndexOf("."));
      const downloadName = await catalogue.downloadNameFor({ db: tx, key, extension });
      if (downloadName === undefined) throw new NoSuchRecord();
      const fileId = await recordStoredFile({
        db: tx,
        file: { ...file, fileName: downloadName, isSample: false },
      });
      await foundMaterial(catalogue.setMaterialFile({ db: tx, key, fileId }));
      await askForLiteCopy({ db: tx, file, label: downloadName });
      return { outcome: "changed" as const, downloadName };
    },
    ({ downloadName }) =>
      entry("material.replace-file", `material ${key}`, {
        fileName: file.fileName,
        downloadName,
        byteSize: file.byteSize,
        sha256: file.sha256,
      }),
  );
  // Committed: this server's job runner makes the lite copy now, if it is free.
  void replaced.then(jobsAsked, () => {});
  return replaced;
}
