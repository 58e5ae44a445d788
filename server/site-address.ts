import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "./config";

const FILE = "site-address";

/**
 * Kept in DATA_DIR: the admin command runs without the server's PORT or SITE_URL, and says where
 * to log in. A deployment with no DATA_DIR gives its commands SITE_URL.
 */
export function rememberSiteAddress(config: Config): void {
  if (!config.usesDataDir) return;
  writeFileSync(path.join(config.dataDir, FILE), `${config.siteUrl}\n`, { mode: 0o644 });
}

export function siteAddress(config: Config, env: Record<string, string | undefined>): string {
  if (env.SITE_URL || env.PORT) return config.siteUrl;
  try {
    const remembered = readFileSync(path.join(config.dataDir, FILE), "utf8").trim();
    return /^https?:\/\/\S+$/.test(remembered) ? remembered : config.siteUrl;
  } catch {
    return config.siteUrl;
  }
}
