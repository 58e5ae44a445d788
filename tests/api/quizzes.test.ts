import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formBody } from "#tests/setup/forms";
import type { RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";

/**
 * A quiz's Show Results posts to its page's action (docs/decisions/0039-quiz-results-without-javascript.md).
 * The action reads no database, so one kind of database is enough here.
 */
describe("a quiz's Show Results action", () => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    server = await serveSite({ database });
  });
  afterAll(async () => {
    await server?.close();
    await database?.destroy();
  });

  const post = (path: string, body: string, contentType: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": contentType },
      body,
    });
  const postForm = (fields: Record<string, string>, path = "/introduction_to_physics") => {
    const { body, contentType } = formBody(fields);
    return post(path, body, contentType);
  };

  it("marks the posted answers against the stored key and answers with the results page", async () => {
    // Introduction to Physics: B, C, A, B, A, C, C, A, A, C (docs/requirements.md).
    const response = await postForm({ "answer-1": "B", "option-2": "C", "answer-3": "B" });
    expect(response.status).toBe(200);
    // React marks where one text ends and the next begins; a student never sees it.
    const page = (await response.text()).replaceAll("<!-- -->", "");
    expect(page).toContain('You got: <span class="quiz__score">2</span>/10');
    expect(page).toContain('<p class="quiz__grade grade grade--1">D: Fail</p>');
    // A Grade 10 quiz adds ECZ points under the grade line (docs/decisions/0043-ecz-points-beside-the-band.md).
    expect(page).toContain('<p class="quiz__ecz">ECZ points: 9 (Unsatisfactory)</p>');
    expect(page).not.toContain("Show Results");
  });

  it.each([
    ["a letter past C", { "answer-1": "D" }, "Each answer must be A, B or C"],
    ["a lower-case letter", { "option-1": "b" }, "Each answer must be A, B or C"],
    ["a question the quiz does not have", { "answer-11": "A" }, "no field named"],
    ["a field of another form", { username: "mwila" }, "no field named"],
  ])("refuses %s with a 400 that says why", async (_label, fields, reason) => {
    const response = await postForm(fields);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(reason);
  });

  it("keeps a medical quiz's result to the letter band, with no ECZ points", async () => {
    const response = await postForm({ "answer-1": "A" }, "/introduction_to_pathology");
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain("quiz__grade grade");
    expect(page).not.toContain("ECZ");
  });

  it("refuses a body that is not a form with a 415", async () => {
    const response = await post(
      "/introduction_to_physics",
      JSON.stringify({ "answer-1": "B" }),
      "application/json",
    );
    expect(response.status).toBe(415);
  });

  it("refuses a body far larger than any quiz's answers with a 413", async () => {
    const response = await postForm({ "answer-1": "B".repeat(8 * 1024) });
    expect(response.status).toBe(413);
  });

  it("answers any method but GET, HEAD and POST with a 405 that names them", async () => {
    const response = await fetch(`${server.url}/cell`, { method: "PUT" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
  });
});
