/** Latency and outcome figures for one kind of request in the load run. */
export type KindSummary = {
  kind: string;
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
};

export type Sample = { kind: string; ms: number; ok: boolean };

/** The nearest-rank percentile of sorted values (p in 0..100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** One row per kind, in the order kinds were first seen, plus an "all" row. */
export function summarise(samples: readonly Sample[], seconds: number): KindSummary[] {
  const kinds = [...new Set(samples.map((sample) => sample.kind))];
  const row = (kind: string, of: readonly Sample[]): KindSummary => {
    const sorted = of.map((sample) => sample.ms).sort((a, b) => a - b);
    return {
      kind,
      requests: of.length,
      errors: of.filter((sample) => !sample.ok).length,
      perSecond: of.length / seconds,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? 0,
    };
  };
  return [
    ...kinds.map((kind) =>
      row(
        kind,
        samples.filter((sample) => sample.kind === kind),
      ),
    ),
    row("all", samples),
  ];
}
