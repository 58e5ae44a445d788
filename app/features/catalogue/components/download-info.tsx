import type { DownloadLink } from "#app/features/catalogue/queries.server";

/**
 * The size and data cost of a download, shown before the tap, and, with `saveAs`, a
 * 'Save for offline' button that public/offline.js reveals where the browser can keep it.
 */
export function DownloadInfo({ download, saveAs }: { download: DownloadLink; saveAs?: string }) {
  if (!download.size) return null;
  return (
    <>
      <span className="download-info">
        {download.size}
        {download.cost ? ` · ${download.cost}` : null}
      </span>
      {saveAs ? (
        // Invisible (not absent) until offline.js enables it: its space is kept, so nothing shifts.
        <button
          type="button"
          className="save-offline"
          data-save-offline={download.href}
          data-title={saveAs}
          data-pending=""
        >
          Save for offline
        </button>
      ) : null}
    </>
  );
}
