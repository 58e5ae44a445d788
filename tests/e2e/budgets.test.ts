import { describe, expect, inject, it } from "vitest";
import {
  BUDGETS,
  CONTENT_PAGES,
  INTERACTIVE_PAGES,
  measurePage,
  SCRIPT_PAGES,
} from "#bench/page-weight";

const baseUrl = inject("baseUrl");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The byte budgets (docs/requirements.md, "Light and offline"), over the production build. Byte counts are deterministic. */
describe("byte budgets", () => {
  it.each(CONTENT_PAGES)(
    `content page %s ships at most ${kb(BUDGETS.contentPageJs)} of JavaScript and draws from ${kb(BUDGETS.contentPageFirstRender)}`,
    async (path) => {
      const weight = await measurePage(baseUrl, path);
      expect(weight.status, path).toBeLessThan(500);
      expect(
        weight.jsBytes,
        `${path} ships ${kb(weight.jsBytes)} of JavaScript, ${kb(weight.jsBytes - BUDGETS.contentPageJs)} over`,
      ).toBeLessThanOrEqual(BUDGETS.contentPageJs);
      expect(
        weight.firstRenderBytes,
        `${path} needs ${kb(weight.firstRenderBytes)} of HTML and CSS to draw, ${kb(weight.firstRenderBytes - BUDGETS.contentPageFirstRender)} over`,
      ).toBeLessThanOrEqual(BUDGETS.contentPageFirstRender);
    },
  );

  it.each(INTERACTIVE_PAGES)(
    `interactive page %s ships at most ${kb(BUDGETS.interactivePageJs)} of JavaScript`,
    async (path) => {
      const weight = await measurePage(baseUrl, path);
      expect(weight.status, path).toBe(200);
      expect(weight.scripts.length, `${path} should hydrate`).toBeGreaterThan(0);
      expect(
        weight.jsBytes,
        `${path} ships ${kb(weight.jsBytes)} of JavaScript, ${kb(weight.jsBytes - BUDGETS.interactivePageJs)} over`,
      ).toBeLessThanOrEqual(BUDGETS.interactivePageJs);
    },
  );

  it.each(SCRIPT_PAGES)(
    `page %s ships at most ${kb(BUDGETS.scriptPageJs)} of JavaScript: a small script of its own, no React`,
    async (path) => {
      const weight = await measurePage(baseUrl, path);
      expect(weight.status, path).toBe(200);
      expect(weight.hydrates, `${path} should not start React`).toBe(false);
      expect(
        weight.scripts.filter((script) => script !== "/offline.js"),
        `${path} should carry its own script`,
      ).toHaveLength(1);
      expect(
        weight.jsBytes,
        `${path} ships ${kb(weight.jsBytes)} of JavaScript, ${kb(weight.jsBytes - BUDGETS.scriptPageJs)} over`,
      ).toBeLessThanOrEqual(BUDGETS.scriptPageJs);
    },
  );
});
