import { pino } from "pino";
import { serializeError, type Logger } from "#app/lib/logger";

/**
 * Fields that may carry a secret. Request logs never include bodies or query strings,
 * and this list is the second line of defence (docs/security.md, "Logs").
 */
const REDACTED_PATHS = [
  "password",
  "*.password",
  "token",
  "*.token",
  "access",
  "*.access",
  "refresh",
  "*.refresh",
  "authorization",
  "*.authorization",
  "cookie",
  "*.cookie",
  "headers.authorization",
  "headers.cookie",
  "jwtSecret",
  "*.jwtSecret",
];

export function createLogger({
  level,
  destination,
}: {
  level: string;
  destination?: pino.DestinationStream;
}): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      serializers: { err: serializeError, error: serializeError },
    },
    destination,
  );
}
