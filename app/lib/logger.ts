/**
 * What the app logs with: one pino logger per process, made with its redaction rules by
 * server/logger.ts and handed to loaders and actions in the app context.
 */
export type { Logger } from "pino";
