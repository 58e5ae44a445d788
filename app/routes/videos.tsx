import { MediaDownload } from "#app/features/catalogue/components/download-info";
import { pageMaterials } from "#app/features/catalogue/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { pageMeta } from "./page-heads";
import type { Route } from "./+types/videos";

export async function loader({ context }: Route.LoaderArgs) {
  return { videos: await pageMaterials(context.get(appContext), "videos") };
}

export const meta = pageMeta("/videos");

/** Nothing but the poster loads before play; a YouTube lesson is a link, which opens the app. */
export default function Videos({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="videos-heading">
      <h1 id="videos-heading">Videos</h1>
      <ul className="media-list">
        {loaderData.videos.map((video) => (
          <li key={video.key} className="media">
            <h2>{video.title}</h2>
            {video.youtubeId ? (
              <>
                <a
                  className="video-link"
                  href={`https://www.youtube.com/watch?v=${video.youtubeId}`}
                  rel="noopener"
                >
                  <img
                    src={video.image ?? ""}
                    alt={`Play ${video.title} on YouTube`}
                    width={320}
                    height={180}
                    loading="lazy"
                    decoding="async"
                  />
                </a>
                <p className="download-info">
                  This lesson plays on YouTube, so there is no file to download.
                </p>
              </>
            ) : (
              <>
                <video
                  controls
                  preload="none"
                  poster={video.image ?? undefined}
                  width={320}
                  height={180}
                  src={`/media/${video.key}`}
                >
                  <a href={video.download.href}>Download {video.title}</a>
                </video>
                <MediaDownload title={video.title} download={video.download} />
              </>
            )}
            <p>{video.description}</p>
            <h3>In this lesson</h3>
            <ul>
              {(video.topics ?? []).map((topic) => (
                <li key={topic}>{topic}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
