/**
 * What the app logs with: one pino logger per process, made with its redaction rules and
 * the error serializer below by server/logger.ts, and handed to loaders and actions in the
 * app context.
 */
export type { Logger } from "pino";

/**
 * Fields of an error never written, at any depth: a failed query's values (`params`), and
 * the database's own texts that quote them (PostgreSQL's `detail`, e.g. "Key (username)=(x)
 * already exists" or a whole failing row, and `where`, `hint`, `internalQuery`).
 */
const ERROR_FIELDS_NEVER_LOGGED = new Set([
  "params",
  "parameters",
  "values",
  "detail",
  "where",
  "hint",
  "internalQuery",
]);

/** What a database error may say about itself: where it failed, never with which values. */
const DATABASE_ERROR_FIELDS = [
  "code",
  "severity",
  "constraint",
  "schema",
  "table",
  "column",
  "dataType",
  "routine",
] as const;

/** How many causes deep an error is written; deeper ones are named, not written. */
const MAX_CAUSE_DEPTH = 8;

type SerializedError = Record<string, unknown> & { type: string; message: string };

/**
 * The one way an error reaches the logs (pino's `err` and `error`, set in server/logger.ts):
 * its class, message, stack and causes, with a database error reduced to its SQLSTATE code,
 * constraint, table and column names. A failed query's values are never written: Drizzle puts them in its
 * error's message ("Failed query: …\nparams: …") and in `params`, and the driver's error
 * quotes them in `detail`; a failed account insert would otherwise log the password hash,
 * names and e-mail (docs/security.md, "Logs").
 */
export function serializeError(error: unknown): unknown {
  return isErrorLike(error) ? serialize(error, 0, new Set()) : error;
}

function serialize(error: ErrorLike, depth: number, seen: Set<object>): SerializedError {
  seen.add(error);
  const driver = isDriverError(error);
  const drizzle = isDrizzleQueryError(error);
  // PGlite's bundle renames its error class, so every driver error is named as pg names it.
  const type = driver
    ? "DatabaseError"
    : typeof error.constructor === "function" && error.constructor.name
      ? error.constructor.name
      : typeof error.name === "string"
        ? error.name
        : "Error";
  const message = cleanMessage(String(error.message), driver);
  const out: SerializedError = { type, message };
  if (typeof error.stack === "string") out.stack = cleanStack(error.stack, type, message);

  if (driver || drizzle) {
    // Only what says where it failed, never a field that could quote a value.
    for (const field of DATABASE_ERROR_FIELDS) {
      const value = error[field];
      if (typeof value === "string" || typeof value === "number") out[field] = value;
    }
    if (typeof error.query === "string") out.query = withoutParams(error.query);
  } else {
    for (const [key, value] of Object.entries(error)) {
      if (Object.hasOwn(out, key) || key === "cause" || ERROR_FIELDS_NEVER_LOGGED.has(key))
        continue;
      if (key === "query" && typeof value === "string") out.query = withoutParams(value);
      else if (isErrorLike(value)) out[key] = nested(value, depth, seen);
      else if (key === "errors" && Array.isArray(value))
        out.errors = value.map((one: unknown) =>
          isErrorLike(one) ? nested(one, depth, seen) : "[left out]",
        );
      else out[key] = value;
    }
  }

  const cause = error.cause;
  if (isErrorLike(cause)) out.cause = nested(cause, depth, seen);
  else if (cause !== undefined) out.cause = driver || drizzle ? "[left out]" : cause;
  return out;
}

/** An error inside an error (its cause, or one of several), cleaned the same way. */
function nested(error: ErrorLike, depth: number, seen: Set<object>): SerializedError {
  if (seen.has(error) || depth >= MAX_CAUSE_DEPTH) return { type: "[left out]", message: "" };
  return serialize(error, depth + 1, seen);
}

type ErrorLike = Record<string, unknown> & {
  message: string;
  name?: unknown;
  stack?: unknown;
  cause?: unknown;
};

function isErrorLike(value: unknown): value is ErrorLike {
  return (
    value instanceof Error ||
    (typeof value === "object" &&
      value !== null &&
      typeof (value as { message?: unknown }).message === "string" &&
      typeof (value as { stack?: unknown }).stack === "string")
  );
}

/** An error from the database driver (pg, PGlite): a SQLSTATE code and a severity. */
function isDriverError(error: ErrorLike): boolean {
  return (
    typeof error.code === "string" &&
    /^[0-9A-Z]{5}$/.test(error.code) &&
    typeof error.severity === "string"
  );
}

/** Drizzle's DrizzleQueryError: the failed query's text and its values. */
function isDrizzleQueryError(error: ErrorLike): boolean {
  return typeof error.query === "string" && Array.isArray(error.params);
}

/** Drizzle's "Failed query: <sql>\nparams: <values>" keeps its SQL, without the values. */
function withoutParams(text: string): string {
  const at = text.search(/\n\s*params:/);
  return at === -1 ? text : `${text.slice(0, at)}\nparams: [left out]`;
}

function cleanMessage(message: string, driver: boolean): string {
  const cleaned = withoutParams(message);
  // A data error quotes the value it could not take (`invalid input syntax for type
  // integer: "…"`): the value is left out.
  return driver ? cleaned.replace(/:\s*"[^]*"\s*$/, ': "[left out]"') : cleaned;
}

/**
 * The stack's first line repeats the message (values and all): it is written again from
 * the cleaned message, and only the call sites are kept after it.
 */
function cleanStack(stack: string, type: string, message: string): string {
  const frames = stack.split("\n").filter((line) => /^\s+at /.test(line));
  return [`${type}: ${message}`, ...frames].join("\n");
}
