// Browser code (docs/decisions/0042-quiz-attempts-kept-offline-first.md).

export type PhoneAttempt = {
  id: string;
  quiz: string;
  answers: string[];
  answeredAt: string;
  revision: number;
};

const PHONE_ATTEMPTS_KEY = "studyzed.attempts";
const SEND_TIME_LIMIT_MS = 20_000;
const PER_REQUEST = 100;

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

export function saveOnPhone(attempt: PhoneAttempt): boolean {
  const others = waitingAttempts().filter((stored) => stored.id !== attempt.id);
  return store([...others, attempt]);
}

function forget(done: readonly PhoneAttempt[]) {
  const doneRevision = new Map(done.map((attempt) => [attempt.id, attempt.revision]));
  store(
    waitingAttempts().filter(
      (stored) => !doneRevision.has(stored.id) || stored.revision > doneRevision.get(stored.id)!,
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

/** 401 waits for a login; 403, 429 and 5xx wait for the next try; any other 4xx is for good. */
function resultOf(status: number | null): "not-sent" | "signed-out" | "saved" | "refused" {
  if (status === null || status >= 500 || status === 429 || status === 403) return "not-sent";
  if (status === 401) return "signed-out";
  return status < 300 ? "saved" : "refused";
}

export type SendReport = {
  /** "signed-out": they wait for a login; "not-sent": no response or a failing server. */
  outcome: "sent" | "nothing" | "signed-out" | "not-sent";
  saved: Map<string, number>;
  refused: Set<string>;
};

// A batch refused as a whole is sent again one by one, so only the refused ones are dropped.
export async function sendAttempts(unsaved: readonly PhoneAttempt[] = []): Promise<SendReport> {
  const report: SendReport = { outcome: "sent", saved: new Map(), refused: new Set() };
  const stored = waitingAttempts();
  const storedIds = new Set(stored.map((attempt) => attempt.id));
  const waiting = [...stored, ...unsaved.filter((attempt) => !storedIds.has(attempt.id))];
  if (waiting.length === 0) return { ...report, outcome: "nothing" };
  if (navigator.onLine === false) return { ...report, outcome: "not-sent" };
  const done = (attempts: readonly PhoneAttempt[]) => {
    forget(attempts);
    for (const attempt of attempts) report.saved.set(attempt.id, attempt.revision);
  };
  for (let start = 0; start < waiting.length; start += PER_REQUEST) {
    const batch = waiting.slice(start, start + PER_REQUEST);
    const result = resultOf(await post(batch));
    if (result === "saved") {
      done(batch);
      continue;
    }
    if (result !== "refused") return { ...report, outcome: result };
    for (const attempt of batch) {
      const single = resultOf(await post([attempt]));
      if (single === "saved") done([attempt]);
      else if (single === "refused") {
        forget([attempt]);
        report.refused.add(attempt.id);
      } else return { ...report, outcome: single };
    }
  }
  return report;
}

/** crypto.randomUUID is missing before Chrome 92 and on pages not served over HTTPS. */
export function newAttemptId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
