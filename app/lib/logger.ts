export type { Logger } from "pino";

// Values, and texts that quote them (`detail`: "Key (username)=(x) already exists").
const ERROR_FIELDS_NEVER_LOGGED = new Set(
  "params parameters values detail where hint internalQuery".split(" "),
);
const DATABASE_ERROR_FIELDS = new Set(
  "code severity constraint schema table column dataType routine".split(" "),
);
const MAX_CAUSE_DEPTH = 8;

type SerializedError = Record<string, unknown> & { type: string; message: string };

// A database error says where it failed, never with which values: a failed account insert would
// otherwise log the password hash, names and e-mail (docs/security.md#logs).
export function serializeError(error: unknown): unknown {
  return isErrorLike(error) ? serialize(error, 0, new Set()) : error;
}

function serialize(error: ErrorLike, depth: number, seen: Set<object>): SerializedError {
  seen.add(error);
  const driver = isDriverError(error);
  const drizzle = isDrizzleQueryError(error);
  // PGlite's bundle renames its error class: every driver error is named as pg names it.
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

function isDriverError(error: ErrorLike): boolean {
  return (
    typeof error.code === "string" &&
    /^[0-9A-Z]{5}$/.test(error.code) &&
    typeof error.severity === "string"
  );
}

function isDrizzleQueryError(error: ErrorLike): boolean {
  return typeof error.query === "string" && Array.isArray(error.params);
}

/** Drizzle's "Failed query: <sql>\nparams: <values>". */
function withoutParams(text: string): string {
  const at = text.search(/\n\s*params:/);
  return at === -1 ? text : `${text.slice(0, at)}\nparams: [left out]`;
}

function cleanMessage(message: string, driver: boolean): string {
  const cleaned = withoutParams(message);
  // `invalid input syntax for type integer: "…"` quotes the value.
  return driver ? cleaned.replace(/:\s*"[^]*"\s*$/, ': "[left out]"') : cleaned;
}

function cleanStack(stack: string, type: string, message: string): string {
  const frames = stack.split("\n").filter((line) => /^\s+at /.test(line));
  return [`${type}: ${message}`, ...frames].join("\n");
}
