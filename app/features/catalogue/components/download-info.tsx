import type { DownloadLink } from "#app/features/catalogue/queries.server";
import type { SavedFileDetails } from "#app/features/catalogue/saved-file-details";

/**
 * The size and data cost of a download, shown before the tap, and, with `save`, a
 * 'Save for offline' button that public/offline.js reveals where the browser can keep it. The
 * button carries what /saved shows of the file, which offline.js keeps with it.
 */
export function DownloadInfo({
  download,
  save,
}: {
  download: DownloadLink;
  save?: SavedFileDetails;
}) {
  if (!download.size) return null;
  return (
    <>
      <span className="download-info">
        {download.size}
        {download.cost ? ` · ${download.cost}` : null}
      </span>
      {save ? (
        // Invisible (not absent) until offline.js enables it: its space is kept, so nothing shifts.
        <button
          type="button"
          className="save-offline"
          data-save-offline={download.href}
          data-title={save.name}
          data-subject={save.subject}
          data-year={save.year ?? undefined}
          data-label={save.label}
          data-pending=""
        >
          Save for offline
        </button>
      ) : null}
    </>
  );
}
