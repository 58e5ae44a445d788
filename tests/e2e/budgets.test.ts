import { describe, expect, inject, it } from "vitest";
import {
  BUDGETS,
  CONTENT_PAGES,
  INTERACTIVE_PAGES,
  measurePage,
  QUIZ_PAGES,
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

  it.each(QUIZ_PAGES)(
    `quiz page %s ships at most ${kb(BUDGETS.quizPageJs)} of JavaScript, its own script and no React`,
    async (path) => {
      const weight = await measurePage(baseUrl, path);
      expect(weight.status, path).toBe(200);
      // The offline helper and the quiz's own script: nothing of React's or React Router's.
      expect(weight.scripts).toEqual([
        "/offline.js",
        expect.stringMatching(/^\/assets\/quiz-[\w-]{8}\.js$/),
      ]);
      expect(
        weight.jsBytes,
        `${path} ships ${kb(weight.jsBytes)} of JavaScript, ${kb(weight.jsBytes - BUDGETS.quizPageJs)} over`,
      ).toBeLessThanOrEqual(BUDGETS.quizPageJs);
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
});
