import type { Database } from "#database/client.server";
import { contentChanged } from "#app/lib/response-cache.server";
import * as articles from "#app/features/articles/public.server";
import * as catalogue from "#app/features/catalogue/public.server";
import { askForLiteCopy, recordStoredFile } from "#app/features/downloads/public.server";
import { jobsAsked } from "#app/lib/job-queue.server";
import { recordAudit, type Actor } from "./audit.server";

/**
 * An admin's change: the owning feature's write and its audit entry in one transaction, so
 * neither is kept without the other; then every cached page and answer is dropped, since any
 * of them may show what changed.
 */
async function auditedChange<T>(
  db: Database,
  change: (tx: Database) => Promise<T>,
): Promise<T | false> {
  try {
    return await db.transaction(change);
  } catch (error) {
    if (error instanceof NoSuchRecord) return false;
    throw error;
  } finally {
    contentChanged();
  }
}

/** Thrown inside a change when its article or material does not exist: nothing is kept. */
class NoSuchRecord extends Error {
  override name = "NoSuchRecord";
}

/**
 * A new article, as a draft or published. Not ready to publish: nothing is written, nor
 * audited, and the answer says why.
 */
export function createArticle({
  db,
  actor,
  article,
  publish,
}: {
  db: Database;
  actor: Actor;
  article: articles.ArticleDraft;
  publish: boolean;
}): Promise<number | articles.NotReady | false> {
  return auditedChange(db, async (tx) => {
    const id = await articles.createArticle({ db: tx, article, publish });
    if (typeof id !== "number") return id;
    await recordAudit({
      db: tx,
      actor,
      action: publish ? "article.create-published" : "article.create-draft",
      target: `article ${id}`,
      details: { title: article.title },
    });
    return id;
  });
}

/**
 * Each of the following is false, and changes nothing, when there is no such article or
 * material; an article that would be published incomplete is not ready, and unchanged.
 */
export function updateArticle({
  db,
  actor,
  id,
  article,
}: {
  db: Database;
  actor: Actor;
  id: number;
  article: articles.ArticleDraft;
}): Promise<true | articles.NotReady | false> {
  return auditedChange(db, async (tx) => {
    const updated = await articles.updateArticle({ db: tx, id, article });
    if (updated === false) throw new NoSuchRecord();
    if (updated !== true) return updated;
    await recordAudit({
      db: tx,
      actor,
      action: "article.update",
      target: `article ${id}`,
      details: { title: article.title },
    });
    return true as const;
  });
}

export function setArticlePublished({
  db,
  actor,
  id,
  published,
}: {
  db: Database;
  actor: Actor;
  id: number;
  published: boolean;
}): Promise<true | articles.NotReady | false> {
  return auditedChange(db, async (tx) => {
    const title = await articles.setArticlePublished({ db: tx, id, published });
    if (title === undefined) throw new NoSuchRecord();
    if (typeof title !== "string") return title;
    await recordAudit({
      db: tx,
      actor,
      action: published ? "article.publish" : "article.unpublish",
      target: `article ${id}`,
      details: { title },
    });
    return true as const;
  });
}

export function deleteArticle({ db, actor, id }: { db: Database; actor: Actor; id: number }) {
  return auditedChange(db, async (tx) => {
    const title = await articles.deleteArticle({ db: tx, id });
    if (title === undefined) throw new NoSuchRecord();
    const details = { title };
    await recordAudit({
      db: tx,
      actor,
      action: "article.delete",
      target: `article ${id}`,
      details,
    });
    return true as const;
  });
}

export function updateMaterial({
  db,
  actor,
  key,
  edit,
}: {
  db: Database;
  actor: Actor;
  key: string;
  edit: catalogue.MaterialEdit;
}): Promise<boolean> {
  return auditedChange(db, async (tx) => {
    if (!(await catalogue.updateMaterial({ db: tx, key, edit }))) throw new NoSuchRecord();
    await recordAudit({
      db: tx,
      actor,
      action: "material.update",
      target: `material ${key}`,
      details: edit,
    });
    return true as const;
  });
}

/**
 * A file already in storage (an upload that arrived whole) becomes the material's file,
 * downloaded under the catalogue's name for it, not the uploaded file's: that name, or
 * false when there is no such material.
 */
export function replaceMaterialFile({
  db,
  actor,
  key,
  file,
}: {
  db: Database;
  actor: Actor;
  key: string;
  file: { sha256: string; byteSize: number; contentType: string; fileName: string };
}): Promise<string | false> {
  const changed = auditedChange(db, async (tx) => {
    const extension = file.fileName.slice(file.fileName.lastIndexOf("."));
    const downloadName = await catalogue.downloadNameFor({ db: tx, key, extension });
    if (downloadName === undefined) throw new NoSuchRecord();
    const fileId = await recordStoredFile({
      db: tx,
      file: { ...file, fileName: downloadName, isSample: false },
    });
    if (!(await catalogue.setMaterialFile({ db: tx, key, fileId }))) throw new NoSuchRecord();
    await askForLiteCopy({ db: tx, file, label: downloadName });
    await recordAudit({
      db: tx,
      actor,
      action: "material.replace-file",
      target: `material ${key}`,
      details: {
        fileName: file.fileName,
        downloadName,
        byteSize: file.byteSize,
        sha256: file.sha256,
      },
    });
    return downloadName;
  });
  // Committed: this server's job runner makes the lite copy now, if it is free.
  void changed.then(jobsAsked, () => {});
  return changed;
}

/** A picture already in storage becomes the material's cover, served at `src`. */
export function replaceMaterialImage({
  db,
  actor,
  key,
  image,
}: {
  db: Database;
  actor: Actor;
  key: string;
  image: {
    src: string;
    file: { sha256: string; byteSize: number; contentType: string; fileName: string };
  };
}): Promise<boolean> {
  return auditedChange(db, async (tx) => {
    await recordStoredFile({ db: tx, file: { ...image.file, isSample: false } });
    if (!(await catalogue.setMaterialImage({ db: tx, key, src: image.src })))
      throw new NoSuchRecord();
    const details = { src: image.src };
    await recordAudit({
      db: tx,
      actor,
      action: "material.replace-image",
      target: `material ${key}`,
      details,
    });
    return true as const;
  });
}

export function setMaterialExternalLink({
  db,
  actor,
  key,
  link,
}: {
  db: Database;
  actor: Actor;
  key: string;
  link: catalogue.ExternalLink;
}): Promise<boolean> {
  return auditedChange(db, async (tx) => {
    if (!(await catalogue.setMaterialExternalLink({ db: tx, key, link }))) throw new NoSuchRecord();
    await recordAudit({
      db: tx,
      actor,
      action: "material.set-external-link",
      target: `material ${key}`,
      details: { url: link.url, byteSize: link.byteSize },
    });
    return true as const;
  });
}
