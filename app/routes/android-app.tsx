import { DownloadInfo } from "#app/features/catalogue/components/download-info";
import { pageMaterials } from "#app/features/catalogue/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { requireRootData } from "#app/lib/head";
import { OFFLINE_PART } from "#app/lib/offline";
import { pageMeta } from "./page-heads";
import type { Route } from "./+types/android-app";

const OLDER_APPS_COUNT = "(the count the older StudyZed site showed for its app)";

export async function loader({ context }: Route.LoaderArgs) {
  const materials = await pageMaterials(context.get(appContext), "app");
  return { appFile: materials.find((material) => material.kind === "app_file") ?? null };
}

export const meta = pageMeta("/app");

export default function AndroidApp({ matches, loaderData }: Route.ComponentProps) {
  const { site, settings } = requireRootData(matches);
  const { app } = settings;
  const appFile = loaderData.appFile?.download.href === app.href ? loaderData.appFile : null;
  return (
    <section className="android-app" aria-labelledby="app-heading">
      <h1 id="app-heading">Get the Android app</h1>
      <p>Read Smartify articles and find books and past papers from your phone.</p>
      <p>
        <a className="button" href={app.href}>
          {app.label}
        </a>
      </p>
      {appFile ? (
        <p>
          <DownloadInfo download={appFile.download} />
        </p>
      ) : null}
      {/* The spec's caption, with whose count it is: not this file's
          (docs/decisions/0089-one-way-to-say-free.md). */}
      <p className="android-app__caption">
        <span>{app.downloadsCaption}</span> <span>{OLDER_APPS_COUNT}</span>
      </p>
      <section aria-labelledby="install-heading">
        <h2 id="install-heading">Or add {site.name} to your Home screen</h2>
        <p>
          There is nothing to download: your browser keeps {site.name} on your Home screen like an
          app. It opens from its own icon, and the pages and files you saved open without a
          connection.
        </p>
        <p>
          In Chrome, tap the menu (⋮) at the top right, then &quot;Add to Home screen&quot; or
          &quot;Install app&quot;.
        </p>
        {/* The offline helper shows it when the browser offers to install the site. */}
        <button
          type="button"
          id={OFFLINE_PART.install}
          className="button android-app__install"
          hidden
        >
          Add to Home screen
        </button>
      </section>
    </section>
  );
}
