#!/usr/bin/env node
// Browser tests drive Debian's Chromium (its headless shell when installed, as in
// tests/setup/chromium.ts); say in one line how to get it when it is missing.
import { existsSync } from "node:fs";

const candidates = process.env.CHROME_PATH
  ? [process.env.CHROME_PATH]
  : ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];
if (!candidates.some((path) => existsSync(path))) {
  console.error(
    `Chromium not found at ${candidates.join(" or ")}: install it with "apt-get install -y chromium chromium-headless-shell" (or set CHROME_PATH).`,
  );
  process.exit(1);
}
