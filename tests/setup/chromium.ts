import { existsSync } from "node:fs";

/** Debian's Chromium (never a downloaded one: `npx playwright install` fails on a machine without the internet). */
export const CHROMIUM_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

/**
 * What the browser tests drive: Debian's headless shell when it is installed (package
 * chromium-headless-shell: the same Chromium build without the desktop browser around it,
 * what Playwright itself runs for headless tests), Chromium otherwise. Measured on CI's
 * machine, the every-route test took 72 s against 118 s (docs/decisions/0060-browser-tests-on-the-headless-shell.md).
 */
export const TEST_BROWSER_PATH =
  process.env.CHROME_PATH ||
  (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

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
