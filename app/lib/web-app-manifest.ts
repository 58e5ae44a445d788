export const THEME_COLOUR = "#0b6e4f";

export const START_URL = "/";

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
