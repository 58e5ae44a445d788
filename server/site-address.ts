import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "./config";

const FILE = "site-address";

/**
 * Where the site was last served from, kept in DATA_DIR at every start: the admin command
 * runs while the server is stopped, often without the PORT or SITE_URL the server had, and
 * must still say where to log in.
 */
export function rememberSiteAddress(config: Config): void {
  writeFileSync(path.join(config.dataDir, FILE), `${config.siteUrl}\n`, { mode: 0o644 });
}

/**
 * The site's address: SITE_URL or PORT when given now, else where it was last served from,
 * else the default.
 */
export function siteAddress(config: Config, env: Record<string, string | undefined>): string {
  if (env.SITE_URL || env.PORT) return config.siteUrl;
  try {
    const remembered = readFileSync(path.join(config.dataDir, FILE), "utf8").trim();
    return /^https?:\/\/\S+$/.test(remembered) ? remembered : config.siteUrl;
  } catch {
    return config.siteUrl;
  }
}
