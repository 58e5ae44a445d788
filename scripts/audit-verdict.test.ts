import { describe, expect, it } from "vitest";
import { auditVerdict } from "./audit-verdict";

const report = (counts: Record<string, number>, vulnerabilities: Record<string, unknown> = {}) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0, ...counts },
    },
  });

describe("auditVerdict", () => {
  it("passes a clean report, saying so", () => {
    expect(auditVerdict(report({}))).toEqual({
      ok: true,
      lines: ["npm audit (production dependencies): 0 critical, 0 high, 0 moderate, 0 low."],
    });
  });

  it("passes moderate and low findings", () => {
    expect(
      auditVerdict(
        report({ moderate: 2, low: 1, total: 3 }, { a: { name: "a", severity: "moderate" } }),
      ).ok,
    ).toBe(true);
  });

  it.each(["high", "critical"])(
    "fails a %s finding and names the package and advisory",
    (severity) => {
      const verdict = auditVerdict(
        report(
          { [severity]: 1, total: 1 },
          {
            "path-to-regexp": {
              name: "path-to-regexp",
              severity,
              via: [{ title: "ReDoS in path matching" }],
              fixAvailable: true,
            },
          },
        ),
      );
      expect(verdict.ok).toBe(false);
      expect(verdict.lines[1]).toBe(
        `  ${severity}: path-to-regexp – ReDoS in path matching (a fix is available: npm audit fix)`,
      );
    },
  );

  it("goes on, in one line, when the advisory service refuses (as this machine's registry does)", () => {
    const refused = JSON.stringify({
      message:
        "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
      statusCode: 405,
      error: { summary: "", detail: "" },
    });
    expect(auditVerdict(refused)).toEqual({
      ok: true,
      lines: [
        "npm audit: the advisory service could not be reached (405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk); the dependency audit was skipped.",
      ],
    });
  });

  it("goes on, in one line, when there is no network or no report", () => {
    expect(
      auditVerdict(
        JSON.stringify({
          error: { code: "ENOTFOUND", summary: "request to https://registry.npmjs.org failed" },
        }),
      ).lines,
    ).toHaveLength(1);
    expect(auditVerdict("").ok).toBe(true);
    expect(auditVerdict("").lines[0]).toMatch(
      /^npm audit: the advisory service could not be reached/,
    );
  });
});
