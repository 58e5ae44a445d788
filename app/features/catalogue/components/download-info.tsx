import type { DownloadLink } from "#app/features/catalogue/queries.server";
import type { SavedFileDetails } from "#app/features/catalogue/saved-file-details";

/**
 * The size and data cost of a download, shown before the tap, a note while the file is only
 * a sample, and, with `save`, a 'Save for offline' button that public/offline.js reveals
 * where the browser can keep it.
 */
export function DownloadInfo({
  download,
  save,
}: {
  download: DownloadLink;
  save?: SavedFileDetails;
}) {
  return (
    <>
      {download.size ? (
        <span className="download-info">
          {download.size}
          {download.cost ? ` · ${download.cost}` : null}
        </span>
      ) : null}
      <SampleNote note={download.sample} />
      {save && download.size ? <SaveOfflineButton href={download.href} save={save} /> : null}
    </>
  );
}

/** "Sample file — …": said beside the link, never only inside the file (docs/decisions/0032-honest-samples.md). */
function SampleNote({ note }: { note: string | null }) {
  return note ? <span className="sample-note">{note}</span> : null;
}

/**
 * The button carries what /saved shows of the file, which offline.js keeps with it
 * (docs/requirements.md, "Saved for offline").
 */
export function SaveOfflineButton({ href, save }: { href: string; save: SavedFileDetails }) {
  return (
    // Invisible (not absent) until offline.js enables it: its space is kept, so nothing shifts.
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
