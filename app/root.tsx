import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesUrl from "./app.css?url";
import { NotFound } from "./components/layout/not-found";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import {
  keepSignedInPagePrivate,
  keepViewerCookieInStep,
  signedInUserOf,
  viewerOf,
} from "./features/accounts/public.server";
import { countDueToday } from "./features/review/public.server";
import { appContext, isHttps } from "./lib/app-context.server";
import { metaFor } from "./lib/head";
import { useNonce } from "./lib/nonce";
import { OFFLINE_HELPER } from "./lib/offline";
import { type PageScriptName, pageScriptSources } from "./lib/page-scripts.server";
import { siteSettings } from "./lib/site-settings.server";
import { THEME_COLOUR } from "./lib/web-app-manifest";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, site, now } = context.get(appContext);
  const signedIn = { db, request, context, https: isHttps(site) };
  const user = await signedInUserOf(signedIn);
  return {
    site,
    settings: siteSettings,
    pageScripts: pageScriptSources(),
    viewer: await viewerOf(signedIn),
    // The menu, home and My progress say it (docs/requirements.md#review).
    reviewDue: user ? await countDueToday({ db, userId: user.id, now: now() }) : null,
  };
}

/** The root loader's data, for a page that shows the signed-in student's review count. */
export const useRootData = () => useRouteLoaderData<typeof loader>("root");

// Settings are fixed while the server runs, and signing in or out loads a whole page.
export const shouldRevalidate = () => false;

// Pages ship no JavaScript unless they ask (docs/decisions/0030-small-page-scripts.md).
// A part of the site only some visitors open brings its own stylesheet, so every other page
// stays within its first-render budget (docs/requirements.md#light-and-offline).
export type RouteHandle = {
  hydrate?: boolean;
  script?: PageScriptName;
  ownSearchBox?: boolean;
  stylesheet?: string;
};

export function Layout({ children }: { children: ReactNode }) {
  const handles = useMatches().map((match) => match.handle as RouteHandle | undefined);
  const hydrate = handles.some((handle) => handle?.hydrate === true);
  const rootData = useRootData();
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOUR} />
        <Meta />
        {/* Not <Links />: its nonce attributes, hidden by browsers, break hydration. */}
        {[stylesUrl, ...handles.map((handle) => handle?.stylesheet)].map(
          (href) => href && <link key={href} rel="stylesheet" href={href} />,
        )}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader
          siteName={rootData?.site.name ?? "StudyZed"}
          viewer={rootData?.viewer ?? null}
          reviewDue={rootData?.reviewDue ?? null}
          searchBox={!handles.some((handle) => handle?.ownSearchBox === true)}
        />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        {rootData && <SiteFooter siteName={rootData.site.name} social={rootData.settings.social} />}
        {[
          rootData?.pageScripts.offline ?? { src: OFFLINE_HELPER, module: false },
          ...handles.map((handle) => handle?.script && rootData?.pageScripts[handle.script]),
        ].map((script) =>
          !script ? null : script.module ? (
            <script key={script.src} type="module" src={script.src} />
          ) : (
            <script key={script.src} src={script.src} defer />
          ),
        )}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const response = await next();
    // Every 405 carries Allow (RFC 9110); a form's page adds POST itself.
    if (response.status === 405 && !response.headers.has("Allow"))
      response.headers.set("Allow", "GET, HEAD");
    const { db, site, now } = context.get(appContext);
    const https = isHttps(site);
    keepSignedInPagePrivate({ request, context, response, https });
    await keepViewerCookieInStep({ db, request, context, response, https, now: now() });
    return response;
  },
];

/** A refusal is drawn by the boundary here, with the Allow its page gave. */
export const headers: Route.HeadersFunction = ({ errorHeaders }): Record<string, string> => {
  const allow = errorHeaders?.get("Allow");
  return allow ? { Allow: allow } : {};
};

/** A refusal thrown with a reason (`{ message }` or a JSON `{ error }`) says that reason. */
function errorScreen(error: unknown): { title: string; heading: string; text: string } {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const data = isRouteErrorResponse(error)
    ? (error.data as { message?: unknown; error?: unknown } | null)
    : null;
  const reason = [data?.message, data?.error].find(
    (said): said is string => typeof said === "string",
  );
  if (status === 403 && reason) return { title: "Refused", heading: "Refused", text: reason };
  if (status === 403)
    return {
      title: "Admins only",
      heading: "This page is for the site's admins",
      text: "Your account cannot open it. Use the menu to go elsewhere.",
    };
  if (status === 405)
    return {
      title: "Not a form",
      heading: "This page can only be read",
      text: "It does not take what was sent to it. Use the menu to go elsewhere.",
    };
  if (status >= 400 && status < 500 && reason)
    return { title: "Not accepted", heading: "That could not be done", text: reason };
  return {
    title: "Something went wrong",
    heading: "Something went wrong",
    text: "This page could not be shown just now. Please try again in a moment, or use the menu to go elsewhere.",
  };
}

export const meta: Route.MetaFunction = ({ matches, error, location }) => {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return metaFor(matches, {
    title: notFound ? "Page not found" : errorScreen(error).title,
    description: notFound
      ? "This page does not exist or has been removed."
      : "This page could not be shown.",
    path: location.pathname,
    noindex: true,
    keywords: [notFound ? "page not found" : "error", "StudyZed"],
  });
};

/** Never a stack trace (docs/security.md#errors): the server has logged it. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const { heading, text } = errorScreen(error);
  return (
    <section className="error-screen" aria-labelledby="error-heading">
      <h1 id="error-heading">{heading}</h1>
      <p>{text}</p>
    </section>
  );
}
