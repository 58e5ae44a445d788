import type { DownloadLink } from "#app/features/catalogue/queries.server";

/**
 * The size and data cost of a download, shown before the tap, a note while the file is only
 * a sample, and, with `saveAs`, a 'Save for offline' button that public/offline.js reveals
 * where the browser can keep it.
 */
export function DownloadInfo({ download, saveAs }: { download: DownloadLink; saveAs?: string }) {
  return (
    <>
      {download.size ? (
        <span className="download-info">
          {download.size}
          {download.cost ? ` · ${download.cost}` : null}
        </span>
      ) : null}
      <SampleNote note={download.sample} />
      {saveAs && download.size ? <SaveOfflineButton href={download.href} title={saveAs} /> : null}
    </>
  );
}

/** "Sample file — …": said beside the link, never only inside the file (docs/decisions/0032-honest-samples.md). */
function SampleNote({ note }: { note: string | null }) {
  return note ? <span className="sample-note">{note}</span> : null;
}

export function SaveOfflineButton({ href, title }: { href: string; title: string }) {
  return (
    // Invisible (not absent) until offline.js enables it: its space is kept, so nothing shifts.
    <button
      type="button"
      className="save-offline"
      data-save-offline={href}
      data-title={title}
      data-pending=""
    >
      Save for offline
    </button>
  );
}
