export type { Logger } from "pino";

// Values, and texts that quote them (`detail`: "Key (username)=(x) already exists").
const NEVER_LOGGED = new Set("params parameters values detail where hint internalQuery".split(" "));
const DATABASE_FIELDS = "code severity constraint schema table column dataType routine".split(" ");
const MAX_CAUSE_DEPTH = 8;
const LEFT_OUT = "[left out]";

type ErrorLike = Record<string, unknown> & { message: string; stack?: unknown; cause?: unknown };
type Serialized = Record<string, unknown> & { type: string; message: string };

// A database error says where it failed, never with which values (docs/security.md#logs).
export function serializeError(error: unknown): unknown {
  return isErrorLike(error) ? serialize(error, 0, new Set()) : error;
}

function serialize(error: ErrorLike, depth: number, seen: Set<object>): Serialized {
  seen.add(error);
  const nested = (inner: ErrorLike): Serialized =>
    seen.has(inner) || depth >= MAX_CAUSE_DEPTH
      ? { type: LEFT_OUT, message: "" }
      : serialize(inner, depth + 1, seen);
  const driver =
    typeof error.code === "string" &&
    /^[0-9A-Z]{5}$/.test(error.code) &&
    typeof error.severity === "string";
  const database = driver || (typeof error.query === "string" && Array.isArray(error.params));
  // PGlite's bundle renames its error class: every driver error is named as pg names it.
  const type = driver
    ? "DatabaseError"
    : (typeof error.constructor === "function" && error.constructor.name) ||
      (typeof error.name === "string" ? error.name : "Error");
  const message = withoutParams(String(error.message));
  // `invalid input syntax for type integer: "…"` quotes the value.
  const out: Serialized = {
    type,
    message: driver ? message.replace(/:\s*"[^]*"\s*$/, `: "${LEFT_OUT}"`) : message,
  };
  if (typeof error.stack === "string") {
    const frames = error.stack.split("\n").filter((line) => /^\s+at /.test(line));
    out.stack = [`${type}: ${out.message}`, ...frames].join("\n");
  }

  if (database) {
    for (const field of DATABASE_FIELDS) {
      const value = error[field];
      if (typeof value === "string" || typeof value === "number") out[field] = value;
    }
    if (typeof error.query === "string") out.query = withoutParams(error.query);
  } else {
    for (const [key, value] of Object.entries(error)) {
      if (Object.hasOwn(out, key) || key === "cause" || NEVER_LOGGED.has(key)) continue;
      if (key === "query" && typeof value === "string") out.query = withoutParams(value);
      else if (isErrorLike(value)) out[key] = nested(value);
      else if (key === "errors" && Array.isArray(value))
        out.errors = value.map((one: unknown) => (isErrorLike(one) ? nested(one) : LEFT_OUT));
      else out[key] = value;
    }
  }

  const cause = error.cause;
  if (isErrorLike(cause)) out.cause = nested(cause);
  else if (cause !== undefined) out.cause = database ? LEFT_OUT : cause;
  return out;
}

function isErrorLike(value: unknown): value is ErrorLike {
  if (value instanceof Error) return true;
  const { message, stack } = (value ?? {}) as { message?: unknown; stack?: unknown };
  return typeof value === "object" && typeof message === "string" && typeof stack === "string";
}

function withoutParams(text: string): string {
  const at = text.search(/\n\s*params:/);
  return at === -1 ? text : `${text.slice(0, at)}\nparams: ${LEFT_OUT}`;
}
