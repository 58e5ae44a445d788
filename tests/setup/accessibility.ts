import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/**
 * What axe finds to fix on the page as it is now ("rule-id: help"), within `include` when
 * given (docs/requirements.md#tap-targets).
 *
 * Legacy mode runs axe in the page itself. The default opens a second, blank page for every
 * check and loads axe's 500 KB into both: measured on CI's machine, 3.2–4.5 s a check against
 * 1.7 s, the same findings, and most of the browser suite's time. The site has no frames
 * from other origins, which the default exists for.
 */
export async function axeViolations(page: Page, { include }: { include?: string } = {}) {
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
}
