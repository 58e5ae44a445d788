import { openDatabase, type DatabaseTarget } from "#database/client.server";
import { articles } from "#database/schema";

/**
 * Articles for the legacy API bench, shaped like the older backend's seed (its `manage.py
 * seed --length 400`): every long text field about 400 characters of English words, three
 * images and a closing image on a CDN.
 */
const WORDS =
  "students prepare for the national examinations by reading past papers and summaries while teachers explain each topic with examples from daily life in towns and villages across the country so that every learner can revise at home".split(
    " ",
  );

function text(seed: number, length = 400): string {
  let out = "";
  for (let index = seed; out.length < length; index += 7) {
    out += `${out ? " " : ""}${WORDS[index % WORDS.length]}`;
  }
  return out;
}

function benchArticle(number: number): typeof articles.$inferInsert {
  const image = (name: string) => ({
    src: `https://cdn.example.invalid/articles/${number}/${name}.jpg`,
    alt: name,
  });
  let seed = number * 13;
  const section = () => ({
    heading: text(seed++),
    paragraphs: Array.from({ length: 4 }, () => text(seed++)),
  });
  return {
    title: `Study article ${number}`,
    date: "2026-01-10",
    time: "09:00",
    poster: "Bench Poster",
    position: "Teacher",
    images: [image("first"), image("second"), image("third")],
    intro: Array.from({ length: 4 }, () => text(seed++)),
    groups: [Array.from({ length: 7 }, section), Array.from({ length: 7 }, section)],
    closingImage: image("og"),
    keywords: ["revision", "examinations"],
    origin: "site",
  };
}

/** Creates the schema in `target` and inserts `count` published articles (ids 1…count). */
export async function seedBenchArticles(target: DatabaseTarget, count: number): Promise<void> {
  const database = await openDatabase(target, { holder: "the legacy API bench" });
  try {
    await database.migrate();
    for (let first = 1; first <= count; first += 200) {
      const batch = Array.from({ length: Math.min(200, count - first + 1) }, (_, index) =>
        benchArticle(first + index),
      );
      await database.db.insert(articles).values(batch);
    }
  } finally {
    await database.close();
  }
}
