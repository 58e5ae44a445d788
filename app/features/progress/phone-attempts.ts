// The attempts kept on this phone until the server has them
// (docs/decisions/0042-quiz-attempts-kept-offline-first.md). Browser code, bundled into the
// quiz, My progress and login page scripts: plain DOM and fetch, nothing else.

/** An attempt as the phone keeps it and sends it to POST /api/attempts/. */
export type PhoneAttempt = {
  id: string;
  quiz: string;
  /** One per question: "A", "B", "C", or "" for none. */
  answers: string[];
  /** When Show Results was pressed, ISO 8601. */
  answeredAt: string;
  /** Raised on each change after Show Results. */
  revision: number;
};

const PHONE_ATTEMPTS_KEY = "studyzed.attempts";
const SEND_TIME_LIMIT_MS = 20_000;
const PER_REQUEST = 100;

/** What one round of sending came to. */
export type SendOutcome =
  /** Everything waiting is now on the server. */
  | "sent"
  /** Nothing was waiting. */
  | "nothing"
  /** No session: the attempts wait for a login on this phone. */
  | "signed-out"
  /** No answer (no signal, a time-out, or the server failing): they wait for the next try. */
  | "not-sent";

/** The attempts waiting on this phone, oldest first; none when storage cannot be read. */
export function waitingAttempts(): PhoneAttempt[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(PHONE_ATTEMPTS_KEY) ?? "[]");
    return Array.isArray(stored) ? (stored as PhoneAttempt[]) : [];
  } catch {
    return [];
  }
}

function store(attempts: PhoneAttempt[]): boolean {
  try {
    if (attempts.length === 0) localStorage.removeItem(PHONE_ATTEMPTS_KEY);
    else localStorage.setItem(PHONE_ATTEMPTS_KEY, JSON.stringify(attempts));
    return true;
  } catch {
    return false;
  }
}

/**
 * Keeps an attempt on the phone, replacing an older copy of the same id. False when the
 * phone would not store it (storage full or turned off).
 */
export function keepOnPhone(attempt: PhoneAttempt): boolean {
  const others = waitingAttempts().filter((kept) => kept.id !== attempt.id);
  return store([...others, attempt]);
}

/** Drops the copies the server now holds: a copy changed since it was sent stays to be sent. */
function forget(done: readonly PhoneAttempt[]) {
  const doneRevision = new Map(done.map((attempt) => [attempt.id, attempt.revision]));
  store(
    waitingAttempts().filter(
      (kept) => !doneRevision.has(kept.id) || kept.revision > doneRevision.get(kept.id)!,
    ),
  );
}

async function post(attempts: readonly PhoneAttempt[]): Promise<number | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SEND_TIME_LIMIT_MS);
  try {
    const response = await fetch("/api/attempts/", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(attempts),
      signal: controller.signal,
    });
    return response.status;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * How a send's answer is read, the same for a batch and for one attempt: no answer, a busy
 * or failing server, or a refusal of where the request came from waits for the next try; 401
 * waits for a login; a 2xx is saved; any other 4xx is about the attempts, and for good.
 */
function answerOf(status: number | null): "not-sent" | "signed-out" | "saved" | "refused" {
  if (status === null || status >= 500 || status === 429 || status === 403) return "not-sent";
  if (status === 401) return "signed-out";
  return status < 300 ? "saved" : "refused";
}

/** What one round of sending came to, attempt by attempt. */
export type SendReport = {
  outcome: SendOutcome;
  /** Each attempt the server answered with a 2xx: id, and the revision it now holds at least. */
  saved: Map<string, number>;
  /** Attempts the server refused for good (a 4xx other than 401 and 429): they were dropped. */
  refused: Set<string>;
};

/**
 * Sends every waiting attempt, and `unkept` ones the phone would not store, to the signed-in
 * account. Sending is safe to repeat: the server saves an id once. A batch refused as a whole
 * (an attempt the server can never take: another student's id, or one it finds invalid) is
 * sent again one by one, and only the refused ones are dropped.
 */
export async function sendAttempts(unkept: readonly PhoneAttempt[] = []): Promise<SendReport> {
  const report: SendReport = { outcome: "sent", saved: new Map(), refused: new Set() };
  const kept = waitingAttempts();
  const keptIds = new Set(kept.map((attempt) => attempt.id));
  const waiting = [...kept, ...unkept.filter((attempt) => !keptIds.has(attempt.id))];
  if (waiting.length === 0) return { ...report, outcome: "nothing" };
  // A phone that knows it has no connection is not asked to try (and the attempts wait).
  if (navigator.onLine === false) return { ...report, outcome: "not-sent" };
  const done = (attempts: readonly PhoneAttempt[]) => {
    forget(attempts);
    for (const attempt of attempts) report.saved.set(attempt.id, attempt.revision);
  };
  for (let start = 0; start < waiting.length; start += PER_REQUEST) {
    const batch = waiting.slice(start, start + PER_REQUEST);
    const answer = answerOf(await post(batch));
    if (answer !== "saved" && answer !== "refused") return { ...report, outcome: answer };
    if (answer === "saved") {
      done(batch);
      continue;
    }
    for (const attempt of batch) {
      const single = answerOf(await post([attempt]));
      if (single === "saved") done([attempt]);
      else if (single === "refused") {
        forget([attempt]);
        report.refused.add(attempt.id);
      } else return { ...report, outcome: single };
    }
  }
  return report;
}

/** Sends every waiting attempt to the signed-in account (sendAttempts, told in one word). */
export async function sendWaitingAttempts(): Promise<SendOutcome> {
  return (await sendAttempts()).outcome;
}

/**
 * A new attempt's id (docs/decisions/0042-quiz-attempts-kept-offline-first.md): a random
 * UUID, made from crypto.getRandomValues where the browser has no crypto.randomUUID (Chrome
 * before 92, and any page not served over HTTPS).
 */
export function newAttemptId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
