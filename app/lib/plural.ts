export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString("en")} ${count === 1 ? singular : plural}`;
}

/** A refusal says how long to wait, after its message (docs/requirements.md#login-page). */
export function withWait(message: string, retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const [unit, size] = WAIT_UNITS.find(([, size]) => seconds >= size) ?? ["second", 1];
  return `${message} You can try again in ${countOf(Math.ceil(seconds / size), unit)}.`;
}

const WAIT_UNITS = [
  ["hour", 3600],
  ["minute", 60],
] as const;
