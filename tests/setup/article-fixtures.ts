import type { Database } from "#database/client.server";
import { articles } from "#database/schema";

/** A complete article, with every section filled, for tests. */
export function fullArticle(
  overrides: Partial<typeof articles.$inferInsert> = {},
): typeof articles.$inferInsert {
  const section = (group: number, index: number, paragraphs: number) => ({
    heading: `Heading ${group}.${index}`,
    paragraphs: Array.from(
      { length: paragraphs },
      (_, paragraph) => `Paragraph ${group}.${index}.${paragraph + 1}`,
    ),
  });
  return {
    title: "A test article",
    date: "2026-01-10",
    time: "09:00",
    poster: "Test Poster",
    position: "Tester",
    images: [
      { src: "/images/articles/test-1.webp", alt: "first" },
      { src: "/images/articles/test-2.webp", alt: "second" },
      { src: "https://cdn.example/test-3.webp", alt: "third" },
    ],
    intro: ["Intro one.", "Intro two.", "Intro three.", "Intro four."],
    groups: [
      Array.from({ length: 7 }, (_, index) => section(1, index + 1, 4)),
      Array.from({ length: 7 }, (_, index) => section(2, index + 1, index === 6 ? 3 : 4)),
    ],
    closingImage: { src: "/images/articles/test-closing.webp", alt: "closing" },
    keywords: ["testing", "articles"],
    origin: "site",
    ...overrides,
  };
}

export async function insertArticle(
  db: Database,
  overrides: Partial<typeof articles.$inferInsert> = {},
) {
  const [row] = await db
    .insert(articles)
    .values(fullArticle(overrides))
    .returning({ id: articles.id });
  return row!.id;
}
