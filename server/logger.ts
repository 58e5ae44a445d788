import { pino } from "pino";
import { serializeError, type Logger } from "#app/lib/logger";

/** Request logs never carry bodies or queries: this is the second line (docs/security.md#logs). */
const SECRET_FIELDS = [
  "password",
  "token",
  "access",
  "refresh",
  "authorization",
  "cookie",
  "jwtSecret",
];

type LoggerOptions = { level: string; destination?: pino.DestinationStream };

export function createLogger({ level, destination }: LoggerOptions): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
        censor: "[redacted]",
      },
      serializers: { err: serializeError, error: serializeError },
    },
    destination,
  );
}
