import type { DownloadLink } from "#app/features/catalogue/queries.server";
import { DownloadInfo } from "./download-info";

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
