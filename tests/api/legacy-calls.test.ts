import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertArticle } from "#tests/setup/article-fixtures";
import { TEST_CONFIG, type RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";

/**
 * The older Android app's four calls are frozen contracts (docs/requirements.md#the-older-apps-calls): these answers are compared byte for byte, status and content type included.
 * A change here is a decision about the app, never a side effect.
 */
describe("the older app's calls, byte for byte", () => {
  let database: TestDatabase;
  let server: RunningServer;
  let articleId = 0;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await insertArticle(database.db, { title: "First written", date: "2026-01-01" });
    articleId = await insertArticle(database.db, {
      title: "Second written",
      date: "2026-02-01",
      time: "14:05",
    });
    await insertArticle(database.db, { title: "A draft", published: false });
    server = await serveSite({ database, config: { trustProxy: 1 } });
  });
  afterAll(async () => {
    await server.close();
    await database.destroy();
  });

  const post = (path: string, body: unknown, client: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": client },
      body: JSON.stringify(body),
    });
  const answer = async (response: Response) => ({
    status: response.status,
    type: response.headers.get("content-type"),
    body: await response.text(),
  });
  const student = (username: string) => ({
    first_name: "Mwila",
    last_name: "Banda",
    username,
    email: "",
    password: "Mangoes-in-Kabwe-2026",
  });

  it("POST /register/", async () => {
    expect(await answer(await post("/register/", student("golden"), "10.9.0.1"))).toEqual({
      status: 201,
      type: "application/json; charset=utf-8",
      body: '{"message":"User registered successfully"}',
    });
    expect(await answer(await post("/register/", student("GOLDEN"), "10.9.0.2"))).toEqual({
      status: 409,
      type: "application/json; charset=utf-8",
      body: '{"error":"Registration failed: Username already exists, please try another username"}',
    });
    expect(
      await answer(
        await post("/register/", { ...student("golden2"), last_name: undefined }, "10.9.0.3"),
      ),
    ).toEqual({
      status: 400,
      type: "application/json; charset=utf-8",
      body: '{"error":"Last name must be text.","fields":{"last_name":"Last name must be text."}}',
    });
  });

  it("POST /api/token/", async () => {
    expect((await post("/register/", student("golden3"), "10.9.0.4")).status).toBe(201);
    const login = await answer(
      await post(
        "/api/token/",
        { username: "golden3", password: "Mangoes-in-Kabwe-2026" },
        "10.9.0.5",
      ),
    );
    expect(login).toMatchObject({ status: 200, type: "application/json; charset=utf-8" });
    expect(login.body).toMatch(
      /^\{"refresh":"eyJ[\w-]+\.[\w-]+\.[\w-]+","access":"eyJ[\w-]+\.[\w-]+\.[\w-]+"\}$/,
    );
    expect(
      await answer(
        await post("/api/token/", { username: "golden3", password: "wrong-password" }, "10.9.0.6"),
      ),
    ).toEqual({
      status: 401,
      type: "application/json; charset=utf-8",
      body: '{"error":"No active account found with the given credentials"}',
    });
  });

  it("GET /List/", async () => {
    const list = await answer(await fetch(`${server.url}/List/`));
    expect(list).toMatchObject({ status: 200, type: "application/json; charset=utf-8" });
    expect(list.body.replace(/"id":\d+/g, '"id":N')).toBe(
      `[{"id":N,"title":"First written","date":"2026-01-01","time":"09:00","firstImage":"${TEST_CONFIG.siteUrl}/images/articles/test-1.webp","introFirst":"Intro one."},` +
        `{"id":N,"title":"Second written","date":"2026-02-01","time":"14:05","firstImage":"${TEST_CONFIG.siteUrl}/images/articles/test-1.webp","introFirst":"Intro one."}]`,
    );
  });

  it("GET /Data/{id}", async () => {
    const article = await answer(await fetch(`${server.url}/Data/${articleId}`));
    expect(article).toMatchObject({ status: 200, type: "application/json; charset=utf-8" });
    expect(article.body.replace(`"id":${articleId},`, '"id":N,')).toMatchInlineSnapshot(
      `"{"id":N,"title":"Second written","date":"2026-02-01","time":"14:05","poster":"Test Poster","position":"Tester","firstImage":"http://localhost:3000/images/articles/test-1.webp","secondImage":"http://localhost:3000/images/articles/test-2.webp","thirdImage":"https://cdn.example/test-3.webp","introFirst":"Intro one.","introSecond":"Intro two.","introThird":"Intro three.","introFourth":"Intro four.","fparaBoldOne":"Heading 1.1","firstParagraphOne":"Paragraph 1.1.1","firstParagraphTwo":"Paragraph 1.1.2","firstParagraphThree":"Paragraph 1.1.3","firstParagraphFour":"Paragraph 1.1.4","firstParagraphBoldTwo":"Heading 1.2","firstParagraphFive":"Paragraph 1.2.1","firstParagraphSix":"Paragraph 1.2.2","firstParagraphSeven":"Paragraph 1.2.3","firstParagraphEight":"Paragraph 1.2.4","firstParagraphBoldThree":"Heading 1.3","firstParagraphNine":"Paragraph 1.3.1","firstParagraphTen":"Paragraph 1.3.2","firstParagraphEleven":"Paragraph 1.3.3","firstParagraphTwelve":"Paragraph 1.3.4","firstParagraphBoldFour":"Heading 1.4","firstParagraphThirteen":"Paragraph 1.4.1","firstParagraphFourteen":"Paragraph 1.4.2","firstParagraphFifteen":"Paragraph 1.4.3","firstParagraphSixteen":"Paragraph 1.4.4","firstParagraphBoldFive":"Heading 1.5","firstParagraphSeventeen":"Paragraph 1.5.1","firstParagraphEighteen":"Paragraph 1.5.2","firstParagraphNineteen":"Paragraph 1.5.3","firstParagraphTwenty":"Paragraph 1.5.4","firstParagraphBoldSix":"Heading 1.6","firstParagraphTwentyone":"Paragraph 1.6.1","firstParagraphTwentytwo":"Paragraph 1.6.2","firstParagraphTwentythree":"Paragraph 1.6.3","firstParagraphTwentyfour":"Paragraph 1.6.4","firstParagraphBoldSeven":"Heading 1.7","firstParagraphTwentyfive":"Paragraph 1.7.1","firstParagraphTwentysix":"Paragraph 1.7.2","firstParagraphTwentyseven":"Paragraph 1.7.3","firstParagraphTwentyeight":"Paragraph 1.7.4","secondParagraphBoldOne":"Heading 2.1","secondParagraphOne":"Paragraph 2.1.1","secondParagraphTwo":"Paragraph 2.1.2","secondParagraphThree":"Paragraph 2.1.3","secondParagraphFour":"Paragraph 2.1.4","secondParagraphBoldTwo":"Heading 2.2","secondParagraphFive":"Paragraph 2.2.1","secondParagraphSix":"Paragraph 2.2.2","secondParagraphSeven":"Paragraph 2.2.3","secondParagraphEight":"Paragraph 2.2.4","secondParagraphBoldThree":"Heading 2.3","secondParagraphNine":"Paragraph 2.3.1","secondParagraphTen":"Paragraph 2.3.2","secondParagraphEleven":"Paragraph 2.3.3","secondParagraphTwelve":"Paragraph 2.3.4","secondParagraphBoldFour":"Heading 2.4","secondParagraphThirteen":"Paragraph 2.4.1","secondParagraphFourteen":"Paragraph 2.4.2","secondParagraphFifteen":"Paragraph 2.4.3","secondParagraphSixteen":"Paragraph 2.4.4","secondParagraphBoldFive":"Heading 2.5","secondParagraphSeventeen":"Paragraph 2.5.1","secondParagraphEighteen":"Paragraph 2.5.2","secondParagraphNineteen":"Paragraph 2.5.3","secondParagraphTwenty":"Paragraph 2.5.4","secondParagraphBoldSix":"Heading 2.6","secondParagraphTwentyone":"Paragraph 2.6.1","secondParagraphTwentytwo":"Paragraph 2.6.2","secondParagraphTwentythree":"Paragraph 2.6.3","secondParagraphTwentyfour":"Paragraph 2.6.4","secondParagraphBoldSeven":"Heading 2.7","secondParagraphTwentyfive":"Paragraph 2.7.1","secondParagraphTwentysix":"Paragraph 2.7.2","secondParagraphTwentyseven":"Paragraph 2.7.3","secondParagraphTwentyeight":"testing, articles","oimg":"http://localhost:3000/images/articles/test-closing.webp"}"`,
    );
    expect(await answer(await fetch(`${server.url}/Data/999999`))).toEqual({
      status: 404,
      type: "application/json; charset=utf-8",
      body: '{"error":"Article not found"}',
    });
  });
});
