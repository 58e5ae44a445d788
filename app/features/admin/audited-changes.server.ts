import type { Database } from "#database/client.server";
import { contentChanged } from "#app/lib/response-cache.server";
import * as articles from "#app/features/articles/public.server";
import * as catalogue from "#app/features/catalogue/public.server";
import { askForLiteCopy, recordStoredFile } from "#app/features/downloads/public.server";
import { jobsAsked } from "#app/lib/job-queue.server";
import { recordAudit, type Actor } from "./audit.server";

// Each command here is the owning feature's command plus its audit-log entry, in one
// transaction so neither is stored without the other.

const notFound: articles.NotFound = { outcome: "not-found" };

/** Thrown inside a change to roll back what it wrote before finding no record. */
class NoSuchRecord extends Error {
  override name = "NoSuchRecord";
}

/** Any cached page or response may show what changed: every one is dropped. */
async function audited<T extends { outcome: string }>(
  db: Database,
  change: (tx: Database) => Promise<T>,
): Promise<T | articles.NotFound> {
  try {
    return await db.transaction(change);
  } catch (error) {
    if (error instanceof NoSuchRecord) return notFound;
    throw error;
  } finally {
    contentChanged();
  }
}

type Audit = { actor: Actor; action: string; target: string; details: Record<string, unknown> };

export function auditedCreateArticle({
  db,
  actor,
  article,
  publish,
}: {
  db: Database;
  actor: Actor;
  article: articles.ArticleDraft;
  publish: boolean;
}) {
  return audited(db, async (tx) => {
    const created = await articles.createArticle({ db: tx, article, publish });
    if (created.outcome === "created") {
      await recordAudit({
        db: tx,
        actor,
        action: publish ? "article.create-published" : "article.create-draft",
        target: `article ${created.id}`,
        details: { title: article.title },
      });
    }
    return created;
  });
}

export function auditedUpdateArticle({
  db,
  actor,
  id,
  article,
}: {
  db: Database;
  actor: Actor;
  id: number;
  article: articles.ArticleDraft;
}) {
  return audited(db, async (tx) => {
    const updated = await articles.updateArticle({ db: tx, id, article });
    if (updated.outcome === "updated") {
      const details = { title: article.title };
      await recordAudit({
        db: tx,
        actor,
        action: "article.update",
        target: `article ${id}`,
        details,
      });
    }
    return updated;
  });
}

export function auditedSetArticlePublished({
  db,
  actor,
  id,
  published,
}: {
  db: Database;
  actor: Actor;
  id: number;
  published: boolean;
}) {
  return audited(db, async (tx) => {
    const changed = await articles.setArticlePublished({ db: tx, id, published });
    if (changed.outcome === "changed") {
      await recordAudit({
        db: tx,
        actor,
        action: published ? "article.publish" : "article.unpublish",
        target: `article ${id}`,
        details: { title: changed.title },
      });
    }
    return changed;
  });
}

export function auditedDeleteArticle({
  db,
  actor,
  id,
}: {
  db: Database;
  actor: Actor;
  id: number;
}) {
  return audited(db, async (tx) => {
    const deleted = await articles.deleteArticle({ db: tx, id });
    if (deleted.outcome === "deleted") {
      const details = { title: deleted.title };
      await recordAudit({
        db: tx,
        actor,
        action: "article.delete",
        target: `article ${id}`,
        details,
      });
    }
    return deleted;
  });
}

/** The material's change, then its audit entry; no entry when there is no such material. */
async function changeMaterial(
  tx: Database,
  change: Promise<catalogue.MaterialChange>,
  audit: Omit<Audit, "target"> & { key: string },
): Promise<catalogue.MaterialChange> {
  const changed = await change;
  if (changed.outcome === "not-found") throw new NoSuchRecord();
  const { key, ...entry } = audit;
  await recordAudit({ db: tx, ...entry, target: `material ${key}` });
  return changed;
}

export function auditedUpdateMaterial({
  db,
  actor,
  key,
  edit,
}: {
  db: Database;
  actor: Actor;
  key: string;
  edit: catalogue.MaterialEdit;
}) {
  return audited(db, (tx) =>
    changeMaterial(tx, catalogue.updateMaterial({ db: tx, key, edit }), {
      actor,
      key,
      action: "material.update",
      details: edit,
    }),
  );
}

export function auditedSetMaterialExternalLink({
  db,
  actor,
  key,
  link,
}: {
  db: Database;
  actor: Actor;
  key: string;
  link: catalogue.ExternalLink;
}) {
  return audited(db, (tx) =>
    changeMaterial(tx, catalogue.setMaterialExternalLink({ db: tx, key, link }), {
      actor,
      key,
      action: "material.set-external-link",
      details: { url: link.url, byteSize: link.byteSize },
    }),
  );
}

type StoredFile = { sha256: string; byteSize: number; contentType: string; fileName: string };

/** A picture already in storage becomes the material's cover, served at `src`. */
export function auditedReplaceMaterialImage({
  db,
  actor,
  key,
  image,
}: {
  db: Database;
  actor: Actor;
  key: string;
  image: { src: string; file: StoredFile };
}) {
  return audited(db, async (tx) => {
    await recordStoredFile({ db: tx, file: { ...image.file, isSample: false } });
    return changeMaterial(tx, catalogue.setMaterialImage({ db: tx, key, src: image.src }), {
      actor,
      key,
      action: "material.replace-image",
      details: { src: image.src },
    });
  });
}

/**
 * A file already in storage becomes the material's file, downloaded under the catalogue's
 * name for it rather than the uploaded file's.
 */
export function auditedReplaceMaterialFile({
  db,
  actor,
  key,
  file,
}: {
  db: Database;
  actor: Actor;
  key: string;
  file: StoredFile;
}) {
  const replaced = audited(db, async (tx) => {
    const extension = file.fileName.slice(file.fileName.lastIndexOf("."));
    const downloadName = await catalogue.downloadNameFor({ db: tx, key, extension });
    if (downloadName === undefined) throw new NoSuchRecord();
    const fileId = await recordStoredFile({
      db: tx,
      file: { ...file, fileName: downloadName, isSample: false },
    });
    await changeMaterial(tx, catalogue.setMaterialFile({ db: tx, key, fileId }), {
      actor,
      key,
      action: "material.replace-file",
      details: {
        fileName: file.fileName,
        downloadName,
        byteSize: file.byteSize,
        sha256: file.sha256,
      },
    });
    await askForLiteCopy({ db: tx, file, label: downloadName });
    return { outcome: "changed" as const, downloadName };
  });
  // Committed: this server's job runner makes the lite copy now, if it is free.
  void replaced.then(jobsAsked, () => {});
  return replaced;
}
