import { MediaDownload } from "#app/features/catalogue/components/download-info";
import { pageMaterials } from "#app/features/catalogue/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { pageMeta } from "./page-heads";
import type { Route } from "./+types/podcasts";

export async function loader({ context }: Route.LoaderArgs) {
  return { podcasts: await pageMaterials(context.get(appContext), "podcasts") };
}

export const meta = pageMeta("/podcasts");

/** Audio players preload nothing: a student spends data only on what they play. */
export default function Podcasts({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="podcasts-heading">
      <h1 id="podcasts-heading">Podcasts</h1>
      <ul className="media-list">
        {loaderData.podcasts.map((podcast) => (
          <li key={podcast.key} className="media">
            <h2 id={`podcast-${podcast.key}`}>{podcast.title}</h2>
            <p>{podcast.description}</p>
            <audio
              controls
              preload="none"
              src={`/media/${podcast.key}`}
              aria-labelledby={`podcast-${podcast.key}`}
            />
            <MediaDownload title={podcast.title} download={podcast.download} />
          </li>
        ))}
      </ul>
    </section>
  );
}
