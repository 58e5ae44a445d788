/** Debian's Chromium (never a downloaded one: STACK.md). */
export const CHROMIUM_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

/** The flags this machine's Chromium needs (STACK.md): no sandbox as root, no network chatter. */
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
