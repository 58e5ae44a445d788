import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadQuiz, isQuizSlug } from "#app/features/quizzes/public.server";
import { SUBJECTS } from "#app/features/quizzes/quiz-constants";
import { formBody } from "#tests/setup/forms";
import type { RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";
import { createSeededDatabase, type SeededDatabase } from "#tests/setup/seeded-database";

/**
 * Every topic on the five subject pages opens a Brain Booster that works as the spec's do,
 * without JavaScript too (content/quizzes/README.md). Quiz pages read no database.
 */
describe("every topic's Brain Booster", { timeout: 120_000 }, () => {
  let seeded: SeededDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    seeded = await createSeededDatabase("pglite");
    server = await serveSite({ database: seeded.database, storage: seeded.storage });
  });
  afterAll(async () => {
    await server?.close();
    await seeded?.destroy();
  });

  const page = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${server.url}${path}`, init);
    // React marks where one text ends and the next begins; a student never sees it.
    return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
  };
  const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

  it("is linked from each topic card, and marks its key full, with every explanation", async () => {
    let topics = 0;
    for (const subject of SUBJECTS) {
      const { html } = await page(`/tutorials/${subject}`);
      const cards = html.split('<li class="topic">').slice(1);
      expect(cards.length, subject).toBeGreaterThan(0);
      for (const card of cards) {
        const href = /<a href="([^"]+)" aria-label="Brain Booster: [^"]+">Brain Booster<\/a>/.exec(
          card,
        )?.[1];
        expect(href, `${subject}: ${/card__title">([^<]+)/.exec(card)?.[1]}`).toBeDefined();
        const slug = href!.slice(href!.lastIndexOf("/") + 1);
        expect(isQuizSlug(slug), href).toBe(true);
        const quiz = await loadQuiz(slug as Parameters<typeof loadQuiz>[0]);
        const shown = await page(href!);
        expect(shown.status, href).toBe(200);
        expect(count(shown.html, /<li class="question"/g), href).toBeGreaterThanOrEqual(10);
        expect(count(shown.html, /<label class="option"/g), href).toBe(3 * quiz.questions.length);
        // Show Results without JavaScript: the key, posted, scores full marks and explains.
        const { body, contentType } = formBody(
          Object.fromEntries(
            quiz.questions.map((question, at) => [`answer-${at + 1}`, question.answer]),
          ),
        );
        const marked = await page(href!, {
          method: "POST",
          headers: { "content-type": contentType },
          body,
        });
        expect(marked.status, href).toBe(200);
        expect(marked.html, href).toContain(`<a href="${href}">Start again</a>`);
        if (quiz.showScore)
          expect(marked.html, href).toContain(
            `You got: <span class="quiz__score">${quiz.questions.length}</span>/${quiz.questions.length}`,
          );
        for (const question of quiz.questions)
          expect(marked.html, href).toContain(escapeHtml(question.explanation));
        topics++;
      }
    }
    expect(topics).toBe(110);
  });

  it("lives at its own address only, apart from the spec's quizzes", async () => {
    expect((await page("/quizzes/biology-movement-of-substances")).status).toBe(200);
    expect((await page("/biology-movement-of-substances")).status).toBe(404);
    expect((await page("/quizzes/cell")).status).toBe(404);
    expect((await page("/quizzes/biology-no-such-topic")).status).toBe(404);
    expect((await page("/cell")).status).toBe(200);
  });

  it("names its own address in the page's head, for a shared link", async () => {
    const { status, html } = await page("/quizzes/physics-forces");
    expect(status).toBe(200);
    expect(html).toContain("<title>Forces Brain Booster");
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/quizzes\/physics-forces"/);
  });

  it("is listed on /quizzes under its subject and grade", async () => {
    const { html } = await page("/quizzes");
    const biology = html.slice(html.indexOf(">Biology</h2>"), html.indexOf(">Chemistry</h2>"));
    expect(biology).toContain('href="/quizzes/biology-movement-of-substances"');
    expect(biology).toContain('href="/cell"');
    expect(count(html, /href="\/quizzes\/[a-z]/g)).toBe(103);
  });
});

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
}
