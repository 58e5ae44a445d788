/**
 * Hostile input for the bad-input suite (docs/security.md#input): the bodies, ids and headers that
 * broken apps, curious students and scripts send. Each value has a label so that a
 * failure names exactly what was sent.
 */

export type Probe = {
  label: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
};

/** Marks every password the suite sends, so the logs can be searched for any of them. */
export const PASSWORD_MARK = "Fuzz-Secret";

const ONE_MEGABYTE = 1024 * 1024;

/** Strings that are wrong in content rather than in type. */
export const HOSTILE_STRINGS: Record<string, string> = {
  empty: "",
  spaces: "   ",
  "10k characters": "a".repeat(10_000),
  "100k characters": "b".repeat(100_000),
  "NUL byte": "ab\u0000cd",
  "control characters": "bell\u0007 escape\u001b[31m del\u007f",
  "line breaks": "one\r\ntwo\nthree",
  "lone surrogate": "x\ud800y",
  "emoji and scripts": "Mwila 😀 عربى Ŋoma ñ 中文",
  "combining marks": "e\u0301\u0301\u0301\u0301\u0301",
  "right-to-left override": "abc\u202edef",
  "zero-width": "a\u200bb\ufeffc",
  "SQL-looking": "' OR '1'='1'; DROP TABLE users; --",
  "HTML-looking": '<script>alert(1)</script><img src=x onerror="alert(2)">',
  "path traversal": "../../../../etc/passwd",
  "template-looking": "${7*7}{{7*7}}<%= 7*7 %>",
};

/** Values of the wrong type for a field that wants a string (or a number). */
const WRONG_TYPES: Record<string, unknown> = {
  number: 42,
  "huge number": 1e308,
  boolean: true,
  null: null,
  array: ["a", "b"],
  object: { nested: "value" },
};

/** Bodies that are not JSON at all, or not the object the call wants. */
const MALFORMED_BODIES: Record<string, string> = {
  "empty body": "",
  "cut-off object": '{"username": "ab',
  "single quotes": "{'username': 'ab'}",
  "trailing garbage": '{"a": 1}}}',
  "bare word": "nul",
  "JSON null": "null",
  "JSON number": "42",
  "JSON string": '"text"',
  "JSON array": "[]",
  "byte-order mark": '\ufeff{"a": 1}',
  "duplicate keys": '{"username": "a", "username": "b"}',
  "prototype pollution":
    '{"__proto__": {"role": "admin"}, "constructor": {"prototype": {"role": "admin"}}}',
  "deep nesting": `${"[".repeat(5000)}${"]".repeat(5000)}`,
};

type JsonCall = {
  method: string;
  path: string;
  /** A fresh valid body (fresh, so that a registration may succeed every time). */
  valid: () => Record<string, unknown>;
  /** The fields to replace with hostile values: a key, or a path into nested objects. */
  fields: (string | (string | number)[])[];
  headers?: Record<string, string>;
};

/** Makes the probes of one call: its address and usual headers, a label, a body and extra headers. */
function probesTo(call: {
  method: string;
  path: string;
  contentType: string;
  headers?: Record<string, string>;
}) {
  return (
    label: string,
    body: string | Uint8Array<ArrayBuffer>,
    headers: Record<string, string> = {},
  ): Probe => ({
    label,
    method: call.method,
    path: call.path,
    headers: { "content-type": call.contentType, ...call.headers, ...headers },
    body,
  });
}

/** Every kind of broken body for one JSON call. */
export function jsonCallProbes(call: JsonCall): Probe[] {
  const probe = probesTo({ ...call, contentType: "application/json" });
  const probes: Probe[] = Object.entries(MALFORMED_BODIES).map(([label, body]) =>
    probe(label, body),
  );

  probes.push(probe("no fields", "{}"));
  for (const field of call.fields) {
    const name = [field].flat().join(".");
    probes.push(
      probe(`${name} missing`, JSON.stringify(withField(call.valid(), field, undefined))),
    );
    for (const [label, value] of Object.entries({ ...WRONG_TYPES, ...HOSTILE_STRINGS })) {
      probes.push(probe(`${name} ${label}`, JSON.stringify(withField(call.valid(), field, value))));
    }
  }
  probes.push(
    probe(
      "extra fields",
      JSON.stringify({ ...call.valid(), is_staff: true, is_superuser: true, id: 1, role: "admin" }),
    ),
  );
  probes.push(
    probe(
      "1 MB string field",
      JSON.stringify({ ...call.valid(), filler: "x".repeat(ONE_MEGABYTE) }),
    ),
  );
  probes.push(probe("1 MB of random bytes", randomBytes(ONE_MEGABYTE)));
  probes.push(
    probe("sent as text/plain", JSON.stringify(call.valid()), { "content-type": "text/plain" }),
  );
  probes.push(
    probe("sent as a form", "username=a&password=b", {
      "content-type": "application/x-www-form-urlencoded",
    }),
  );
  probes.push(probe("no content type", JSON.stringify(call.valid()), { "content-type": "" }));
  probes.push(
    probe("unknown charset", JSON.stringify(call.valid()), {
      "content-type": "application/json; charset=klingon",
    }),
  );
  probes.push(
    probe("UTF-16 charset", JSON.stringify(call.valid()), {
      "content-type": "application/json; charset=utf-16",
    }),
  );
  probes.push(probe("gzip that is not gzip", "not gzip at all", { "content-encoding": "gzip" }));
  probes.push(
    probe("unknown content encoding", JSON.stringify(call.valid()), {
      "content-encoding": "zstd-9000",
    }),
  );
  return probes;
}

/** A copy of `body` with `field` set to `value` (or removed when `value` is undefined). */
function withField(
  body: Record<string, unknown>,
  field: string | (string | number)[],
  value: unknown,
): Record<string, unknown> {
  const copy = structuredClone(body);
  const path = [field].flat();
  let target = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) target = target[step] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

/** Bodies that are not the form a page's action reads. */
const MALFORMED_FORMS: Record<string, string> = {
  "empty body": "",
  "broken escape": "title=%E0%A4%A&intent=%",
  "no equals signs": "just some words",
  "repeated fields": "intent=publish&intent=delete&id=1&id=2",
  "nested brackets": "a[b][c][d]=1&intent[]=x",
  "only separators": "&&&===&&&",
};

type FormCall = {
  path: string;
  /** A fresh valid form, as its page posts it. */
  valid: () => Record<string, string>;
  /** The fields to replace with hostile values. */
  fields: string[];
  headers?: Record<string, string>;
  /** Posted as multipart/form-data (forms with file inputs), else url-encoded. */
  multipart?: boolean;
};

const FORM_BOUNDARY = "----fuzzform";

function encodeForm(fields: Record<string, string>, multipart: boolean): string {
  if (!multipart) return new URLSearchParams(fields).toString();
  return (
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${FORM_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join("") + `--${FORM_BOUNDARY}--\r\n`
  );
}

/** Every kind of broken post for one of the site's forms, as a browser or a script might send it. */
export function formCallProbes(call: FormCall): Probe[] {
  const multipart = call.multipart ?? false;
  const contentType = multipart
    ? `multipart/form-data; boundary=${FORM_BOUNDARY}`
    : "application/x-www-form-urlencoded";
  const probe = probesTo({ ...call, method: "POST", contentType });
  const probes: Probe[] = Object.entries(MALFORMED_FORMS).map(([label, body]) =>
    probe(label, body),
  );
  for (const field of call.fields) {
    const without = call.valid();
    delete without[field];
    probes.push(probe(`${field} missing`, encodeForm(without, multipart)));
    for (const [label, value] of Object.entries(HOSTILE_STRINGS)) {
      probes.push(
        probe(`${field} ${label}`, encodeForm({ ...call.valid(), [field]: value }, multipart)),
      );
    }
  }
  probes.push(
    probe(
      "extra fields",
      encodeForm({ ...call.valid(), role: "admin", id: "1", is_staff: "true" }, multipart),
    ),
  );
  probes.push(
    probe(
      "1 MB field",
      encodeForm({ ...call.valid(), filler: "x".repeat(ONE_MEGABYTE) }, multipart),
    ),
  );
  probes.push(probe("1 MB of random bytes", randomBytes(ONE_MEGABYTE)));
  probes.push(
    probe("sent as JSON", JSON.stringify(call.valid()), { "content-type": "application/json" }),
  );
  probes.push(
    probe("sent as text/plain", encodeForm(call.valid(), false), { "content-type": "text/plain" }),
  );
  probes.push(probe("no content type", encodeForm(call.valid(), false), { "content-type": "" }));
  probes.push(probe("gzip that is not gzip", "not gzip at all", { "content-encoding": "gzip" }));
  return probes;
}

/** Ids and file names that try to leave their folder, overflow a number or break a query. */
export const HOSTILE_IDS: Record<string, string> = {
  "encoded traversal": "..%2f..%2f..%2fetc%2fpasswd",
  "double-encoded traversal": "..%252f..%252fetc%252fpasswd",
  "encoded dots": "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "overlong UTF-8 dots": "%c0%ae%c0%ae%2fetc%2fpasswd",
  "absolute path": "%2fetc%2fpasswd",
  "backslash traversal": "..%5c..%5cwindows%5cwin.ini",
  NUL: "%00",
  "NUL before an extension": "mathematics%00.pdf",
  "broken escape": "%E0%A4%A",
  "negative number": "-1",
  zero: "0",
  fraction: "1.5",
  exponent: "1e309",
  "huge number": "99999999999999999999999999",
  hexadecimal: "0x1F",
  "leading space": "%201",
  "SQL-looking": "1%27%20OR%20%271%27%3D%271",
  "HTML-looking": "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "5000 characters": "a".repeat(5000),
  emoji: "%F0%9F%98%80",
  "prototype name": "__proto__",
  ".git folder": ".git%2Fconfig",
  ".env file": ".env",
  "database file": "db.sqlite3",
  "backup file": "index.bak",
  "editor swap file": ".index.swp",
};

/** Files that must never be served, wherever they are asked for (docs/security.md#files). */
export const FORBIDDEN_FILES = [
  "/.git/config",
  "/.git/HEAD",
  "/.env",
  "/package.json",
  "/build/server/index.js",
  "/data/jwt-secret",
  "/db.sqlite3",
  "/index.bak",
  "/.index.swp",
  "/server/app.ts",
];

/** Range headers that are malformed, unsatisfiable or abusive. */
export const HOSTILE_RANGES = [
  "bytes=abc",
  "bytes=5-1",
  "bytes=99999999999-",
  "bytes=-0",
  "bytes=0-99999999999999999999999999",
  "items=0-10",
  "bytes=--1",
  Array.from({ length: 200 }, (_, index) => `${index * 10}-${index * 10 + 5}`)
    .join(",")
    .replace(/^/, "bytes="),
];

/** Headers that carry garbage where the site reads something. */
export const HOSTILE_HEADERS: Record<string, Record<string, string>> = {
  "NUL-looking session cookie": { cookie: "__Host-studyzed_session=%00; studyzed_session=%00" },
  "very long cookie": { cookie: `studyzed_session=${"a".repeat(6000)}` },
  "broken cookie syntax": { cookie: "a=b; ; ;=; ==; studyzed_session" },
  "unsigned bearer token": { authorization: "Bearer eyJhbGciOiJub25lIn0.eyJ1c2VyX2lkIjoxfQ." },
  "garbage bearer token": { authorization: `Bearer ${"x".repeat(3000)}` },
  "broken forwarded-for": { "x-forwarded-for": "not-an-ip, <script>, 999.999.999.999" },
  "long forwarded-for": {
    "x-forwarded-for": Array.from({ length: 500 }, (_, index) => `10.0.${index % 250}.1`).join(
      ", ",
    ),
  },
  "odd if-none-match": { "if-none-match": '"unterminated, W/"x", *, ,,,' },
  "odd if-modified-since": { "if-modified-since": "yesterday at noon" },
  "odd accept-encoding": { "accept-encoding": "br;q=abc, gzip;q=-1, *;q=NaN" },
  "odd accept": { accept: "text/html;q=x, */*;level=999" },
};

function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  let state = 0x9e3779b9;
  for (let index = 0; index < length; index++) {
    // xorshift: deterministic noise, so a failure can be repeated.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[index] = state & 0xff;
  }
  return bytes;
}
