import type { DownloadLink } from "#app/features/catalogue/queries.server";
import type { SavedFileDetails } from "#app/features/catalogue/saved-file-details";

export function DownloadInfo({
  download,
  save,
  insideLink = false,
}: {
  download: DownloadLink;
  save?: SavedFileDetails;
  /** Shown inside the download's own link: the full file's link goes after it, by the caller. */
  insideLink?: boolean;
}) {
  return (
    <>
      {download.size ? (
        <span className="download-info">
          {download.size}
          {download.cost ? ` · ${download.cost}` : null}
          {insideLink ? null : <FullCopyLink download={download} />}
        </span>
      ) : null}
      <SampleNote note={download.sample} />
      {save && download.size ? <SaveOfflineButton href={download.href} save={save} /> : null}
    </>
  );
}

/**
 * After a lite copy, Lite first: " — Full, 11.8 MB · K2.20", a link of its own. Inside the
 * line of the lite copy's size, or on a line of its own after a link that holds that line.
 */
export function FullCopyLink({
  download,
  ownLine = false,
}: {
  download: DownloadLink;
  ownLine?: boolean;
}) {
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

/** "Sample file — …": said beside the link, never only inside the file (docs/decisions/0032-honest-samples.md). */
function SampleNote({ note }: { note: string | null }) {
  return note ? <span className="sample-note">{note}</span> : null;
}

/** app/page-scripts/offline.ts saves what /saved shows with the file, so /saved needs no connection. */
export function SaveOfflineButton({ href, save }: { href: string; save: SavedFileDetails }) {
  return (
    // Invisible (not absent) until the offline helper enables it: its space stays, so nothing shifts.
    <button
      type="button"
      className="save-offline"
      data-save-offline={href}
      data-title={save.name}
      data-subject={save.subject}
      data-year={save.year ?? undefined}
      data-label={save.label}
      data-pending=""
    >
      Save for offline
    </button>
  );
}
