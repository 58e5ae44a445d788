import type { DownloadLink } from "../queries.server";

/** The size and data cost of a download, shown before the tap (issue: data cost). */
export function DownloadInfo({ download }: { download: DownloadLink }) {
  if (!download.size) return null;
  return (
    <span className="download-info">
      {download.size}
      {download.cost ? ` · ${download.cost}` : null}
    </span>
  );
}
