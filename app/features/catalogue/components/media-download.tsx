import type { DownloadLink } from "#app/features/catalogue/queries.server";
import { DownloadInfo } from "./download-info";

/**
 * A video lesson's or podcast episode's file to keep, with its size and data cost shown
 * before the tap, as beside every download (docs/requirements.md, "Videos and podcasts").
 */
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
