import { createContext } from "react-router";
import type { Database } from "#database/client.server";
import type { FileStorage } from "./file-storage.server";
import type { SiteIdentity } from "./head";
import type { Logger } from "./logger";
import type { RateLimiter } from "./rate-limiter.server";

/** The server's parts, made once at start (server/http-app.ts) and the same for every request. */
export type AppServices = {
  db: Database;
  logger: Logger;
  storage: FileStorage;
  rateLimiter: RateLimiter;
  /** Signs access and refresh tokens. */
  jwtSecret: string;
  site: SiteIdentity;
  /** Throws when the database cannot answer. */
  pingDatabase: () => Promise<void>;
  /** The time now: the review queue's due dates are read against it, and tests move it. */
  now: () => Date;
};

/** What every loader, action and middleware receives: the services, and this request's facts. */
export type AppContext = AppServices & {
  /** The Content-Security-Policy nonce of this response. */
  cspNonce: string;
  /** The caller's network address (behind a trusted proxy, as the proxy reports it). */
  clientAddress: string;
};

export const appContext = createContext<AppContext>();

/** Whether the site is served over HTTPS (SITE_URL): cookies are then Secure and __Host-. */
export function isHttps(site: SiteIdentity): boolean {
  return site.url.startsWith("https:");
}

/** What an action counted against the rate limits (a login, a registration) is handed. */
export function limitedCaller({ db, rateLimiter, logger, clientAddress }: AppContext) {
  return { db, limiter: rateLimiter, logger, client: clientAddress };
}
