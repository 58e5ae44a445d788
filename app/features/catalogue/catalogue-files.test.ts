import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ContentError, readContentFile } from "#app/lib/content-files.server";
import {
  BooksContentSchema,
  readCatalogueContent,
  quizSubtopicsOf,
} from "./catalogue-files.server";

describe("content files", () => {
  it("all validate against their schemas", async () => {
    await expect(readCatalogueContent()).resolves.toBeDefined();
  });

  it("every topic of the five subject pages names 3 to 10 subtopics, none twice", async () => {
    const topics = (await readCatalogueContent()).subjects.flatMap((subject) =>
      subject.sections.flatMap((section) => section.topics),
    );
    expect(topics.length).toBeGreaterThan(100);
    for (const { title, subtopics } of topics) {
      expect(subtopics.length, title).toBeGreaterThanOrEqual(3);
      expect(subtopics.length, title).toBeLessThanOrEqual(10);
      expect(new Set(subtopics.map((name) => name.toLowerCase())).size, title).toBe(
        subtopics.length,
      );
    }
  });

  it("gives each topic's Brain Booster that topic's subtopics, a spec quiz's too", async () => {
    const { subjects } = await readCatalogueContent();
    const topics = subjects.flatMap((subject) =>
      subject.sections.flatMap((section) => section.topics),
    );
    const subtopics = quizSubtopicsOf(subjects);
    // One entry per topic: no quiz is linked from two topics, so none has two lists.
    expect(subtopics.size).toBe(topics.length);
    expect(subtopics.get("enzymes")).toContain("denaturation");
    expect(subtopics.get("biology-movement-of-substances")).toContain("osmosis");
  });

  it("a typo fails validation naming the file and the field", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "studyzed-content-"));
    const file = path.join(folder, "books.json");
    const books = structuredClone((await readCatalogueContent()).books);
    const book: Record<string, unknown> = books.books[2]!;
    book.crossedOutPrise = book.crossedOutPrice;
    delete book.crossedOutPrice;
    await writeFile(file, JSON.stringify(books));
    const failure = readContentFile(file, BooksContentSchema);
    await expect(failure).rejects.toBeInstanceOf(ContentError);
    await expect(failure).rejects.toThrow(/books\.json: books\.2\.crossedOutPrice: /);
  });

  it("a file that is not JSON fails naming the file", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "studyzed-content-"));
    const file = path.join(folder, "books.json");
    await writeFile(file, '{ "books": [ ');
    await expect(readContentFile(file, BooksContentSchema)).rejects.toThrow(/books\.json: /);
  });
});
