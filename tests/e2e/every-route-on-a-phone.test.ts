import { axeViolations } from "#tests/setup/accessibility";
import { describe, expect, it } from "vitest";
import { ONE_PAGE_PER_ROUTE } from "#bench/page-weight";
import { browserSessionPerFile } from "#tests/setup/browser";
import { PHONE, sidewaysOverflow, smallTargets } from "#tests/setup/phone-checks";

const session = browserSessionPerFile();

/**
 * Every public route, as a student on a 360 px phone meets it (docs/requirements.md#tap-targets): nothing reaches past the screen's edge, every target is at least 24 px (a
 * primary action 44 px tall) with the menu shut or open, and axe finds nothing to fix.
 */
describe("every route on a 360 × 740 phone", () => {
  it.each(ONE_PAGE_PER_ROUTE)(
    "%s fits, has targets of 24 px or more and passes axe",
    async (path) => {
      const page = await session.newPage({ viewport: PHONE });
      await page.goto(path);
      expect(await sidewaysOverflow(page), `${path} reaches past the screen's edge by`).toBe(0);
      expect(await smallTargets(page), `${path}: targets too small`).toEqual([]);
      await page.getByRole("button", { name: "Menu" }).click();
      expect(await smallTargets(page), `${path} with the menu open: targets too small`).toEqual([]);
      await page.keyboard.press("Escape");
      expect(await axeViolations(page)).toEqual([]);
    },
  );
});
