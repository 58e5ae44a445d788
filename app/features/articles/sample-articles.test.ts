import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readContentFile } from "#app/lib/content-files.server";
import { ArticleContentSchema } from "./article-schema";

// docs/decisions/0078-honest-content-and-docs-that-match.md: the samples speak as the site, and
// claim nothing it does not have.
const DIR = path.resolve("content/articles");

async function samples() {
  const files = (await readdir(DIR)).filter((file) => file.endsWith(".json"));
  return Promise.all(
    files.map(async (file) => {
      const article = await readContentFile(path.join(DIR, file), ArticleContentSchema);
      const paragraphs = [
        ...article.intro,
        ...article.groups.flatMap((group) => group.sections.flatMap((part) => part.paragraphs)),
      ];
      return { file, article, sentences: paragraphs.flatMap((text) => text.split(/(?<=\.) /)) };
    }),
  );
}

describe("the sample articles", () => {
  it("are posted by the StudyZed team, not by a person or a post the site cannot vouch for", async () => {
    for (const { file, article } of await samples()) {
      expect(article.poster, file).toBe("The StudyZed team");
      expect(article.position, file).toBe("Editorial team");
    }
  });

  it("give no phone number to call: help is a teacher, a trusted adult or a clinic", async () => {
    for (const { file, sentences } of await samples()) {
      for (const sentence of sentences)
        expect(sentence, file).not.toMatch(/\+260|\b(?:call|dial|phone|ring)\b[^.]*\d{3}/i);
    }
  });

  it("promise StudyZed's past papers only to university and medical students", async () => {
    const claims = (await samples()).flatMap(({ sentences }) =>
      sentences.filter((sentence) => /StudyZed/.test(sentence) && /past papers?/i.test(sentence)),
    );
    expect(claims.length).toBeGreaterThan(0);
    for (const claim of claims)
      expect(claim).toMatch(/\buniversity\b|\bmedicine\b|\bsecond-year\b|\bnot\b/);
  });
});
