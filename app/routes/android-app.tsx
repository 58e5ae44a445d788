import { metaFor, requireRootData } from "#app/lib/site-data";
import type { Route } from "./+types/android-app";

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Android app",
    description:
      "Download the free StudyZed Android app: books, past papers and Smartify articles on your phone.",
    keywords: ["StudyZed app", "Android", "APK", "study app Zambia"],
    path: "/app",
  });

export default function AndroidApp({ matches }: Route.ComponentProps) {
  const { app } = requireRootData(matches).settings;
  return (
    <section className="android-app" aria-labelledby="app-heading">
      <h1 id="app-heading">Get the Android app</h1>
      <p>Read Smartify articles and find books and past papers from your phone.</p>
      <p>
        <a className="button" href={app.href}>
          {app.label}
        </a>
      </p>
      <p className="android-app__caption">{app.downloadsCaption}</p>
    </section>
  );
}
