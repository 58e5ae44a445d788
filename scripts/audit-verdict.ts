/**
 * What CI makes of `npm audit --omit=dev --json` (docs/security.md#dependencies): a high or critical finding in
 * a production dependency fails the build; an advisory service that cannot be reached is
 * said in one line and does not.
 */
export type AuditVerdict = { ok: boolean; lines: string[] };

type AuditReport = {
  vulnerabilities?: Record<
    string,
    { name?: string; severity?: string; via?: unknown[]; fixAvailable?: unknown }
  >;
  metadata?: {
    vulnerabilities?: Partial<
      Record<"info" | "low" | "moderate" | "high" | "critical" | "total", number>
    >;
  };
  message?: string;
  error?: { code?: string; summary?: string; detail?: string };
};

const BLOCKING = new Set(["high", "critical"]);

export function auditVerdict(output: string): AuditVerdict {
  let report: AuditReport;
  try {
    report = JSON.parse(output) as AuditReport;
  } catch {
    return unreachable("it answered with something that is not an audit report");
  }
  const counts = report.metadata?.vulnerabilities;
  if (!counts)
    return unreachable(
      report.message ?? report.error?.summary ?? report.error?.code ?? "no report came back",
    );

  const blocking = Object.entries(report.vulnerabilities ?? {}).filter(([, finding]) =>
    BLOCKING.has(finding.severity ?? ""),
  );
  const summary = `npm audit (production dependencies): ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low.`;
  if (blocking.length === 0 && !counts.high && !counts.critical)
    return { ok: true, lines: [summary] };
  return {
    ok: false,
    lines: [
      summary,
      ...blocking.map(
        ([name, finding]) =>
          `  ${finding.severity}: ${finding.name ?? name}${adviceTitles(finding.via)}${finding.fixAvailable ? " (a fix is available: npm audit fix)" : ""}`,
      ),
    ],
  };
}

function unreachable(reason: string): AuditVerdict {
  const oneLine = reason.replace(/\s+/g, " ").trim().slice(0, 160);
  return {
    ok: true,
    lines: [
      `npm audit: the advisory service could not be reached (${oneLine}); the dependency audit was skipped.`,
    ],
  };
}

function adviceTitles(via: unknown[] | undefined): string {
  const titles = (via ?? []).flatMap((entry) =>
    typeof entry === "object" && entry && "title" in entry ? [String(entry.title)] : [],
  );
  return titles.length ? ` – ${titles.join("; ")}` : "";
}
