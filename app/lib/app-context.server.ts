import { createContext } from "react-router";
import type { Database } from "#database/client.server";
import type { Logger } from "#app/lib/logger";
import type { SiteIdentity } from "./head";

/** What every loader and action receives from the server, handed in once per request. */
export type AppContext = {
  db: Database;
  logger: Logger;
  site: SiteIdentity;
  /** The Content-Security-Policy nonce of this response. */
  cspNonce: string;
};

export const appContext = createContext<AppContext>();
