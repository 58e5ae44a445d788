/** Debian's Chromium (never a downloaded one: `npx playwright install` fails on a machine without the internet). */
export const CHROMIUM_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

/** The flags this machine's Chromium needs : no sandbox as root, no network chatter. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
] as const;
