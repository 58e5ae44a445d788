#!/usr/bin/env node
// Browser tests drive Debian's Chromium; say in one line how to get it when it is missing.
import { existsSync } from "node:fs";

const chromium = process.env.CHROME_PATH || "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}: install it with "apt-get install -y chromium" (or set CHROME_PATH).`,
  );
  process.exit(1);
}
