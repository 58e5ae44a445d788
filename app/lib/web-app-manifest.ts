/** The green of the header, the browser's toolbar and the installed app's title bar. */
export const THEME_COLOUR = "#0b6e4f";

export const START_URL = "/";

/**
 * The web app manifest behind /manifest.webmanifest, so "Add to Home screen" installs the site
 * as an app with its own icon that opens with or without a connection (docs/decisions/0034).
 */
export function webAppManifest({ siteName }: { siteName: string }) {
  return {
    id: START_URL,
    name: siteName,
    short_name: siteName,
    description:
      "Free books, past papers and quizzes for students in Zambia. Pages you opened and files you saved open without a connection.",
    lang: "en",
    start_url: START_URL,
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOUR,
    background_color: "#ffffff",
    // Drawn from public/logo-mark.svg by scripts/build-app-icons.mjs.
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      {
        src: "/icons/icon-maskable-512.png",
        sizes: "512x512",
        type: "image/png",
        purpose: "maskable",
      },
    ],
  };
}
