import type { DownloadLink } from "#app/features/catalogue/queries.server";
import type { SavedFileDetails } from "#app/features/catalogue/saved-file-details";

type DownloadInfoProps = {
  download: DownloadLink;
  save?: SavedFileDetails;
  /** Inside the download's own link: the page puts `FullCopyLink` after it. */
  insideLink?: boolean;
};

export function DownloadInfo({ download, save, insideLink = false }: DownloadInfoProps) {
  return (
    <>
      {download.size ? (
        <span className="download-info">
          {download.size}
          {download.cost ? ` · ${download.cost}` : null}
          {insideLink ? null : <FullCopyLink download={download} />}
        </span>
      ) : null}
      {download.sample ? <span className="sample-note">{download.sample}</span> : null}
      {save && download.size ? <SaveOfflineButton href={download.href} save={save} /> : null}
    </>
  );
}

/** " — Full, 11.8 MB · K2.20" after a lite copy's size, or on its own line. */
export function FullCopyLink({
  download,
  ownLine = false,
}: Pick<DownloadInfoProps, "download"> & { ownLine?: boolean }) {
  if (!download.full) return null;
  const link = (
    <>
      {" — "}
      <a href={download.full.href} download>
        {download.full.text}
      </a>
    </>
  );
  return ownLine ? <span className="download-info full-copy">{link}</span> : link;
}

const SAVE_FOR_OFFLINE = "Save for offline";

export function SaveOfflineButton({ href, save }: { href: string; save: SavedFileDetails }) {
  return (
    // Hidden, not absent, until offline.js enables it, so nothing shifts.
    // Named with what it saves: a screen reader lists every button of the page out of context.
    <button
      type="button"
      className="save-offline"
      aria-label={`${SAVE_FOR_OFFLINE}: ${save.name}`}
      data-save-offline={href}
      data-title={save.name}
      data-subject={save.subject}
      data-year={save.year ?? undefined}
      data-label={save.label}
      data-pending=""
    >
      {SAVE_FOR_OFFLINE}
    </button>
  );
}

export function MediaDownload({ title, download }: { title: string; download: DownloadLink }) {
  return (
    <p>
      <a className="button" href={download.href} download>
        Download {title}
      </a>{" "}
      <DownloadInfo download={download} />
    </p>
  );
}
