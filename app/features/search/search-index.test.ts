import { describe, expect, it } from "vitest";
import { createSearchIndex, type IndexedEntry } from "./search-index";
import { likeness, trigramsOf } from "./trigrams";

let id = 0;
function entry(fields: Partial<IndexedEntry> & { title: string }): IndexedEntry {
  id++;
  return {
    key: `material:${id}`,
    kind: "topic_booklet",
    materialId: id,
    place: "",
    summary: "",
    terms: "",
    body: "",
    href: `/download/${id}`,
    boost: 0.4,
    ...fields,
  };
}

const ENTRIES = [
  entry({ key: "pathology", title: "Sessional with answers", place: "Pathology · 2019" }),
  entry({ key: "patho-test", title: "Test 1", place: "Pathology · 2019", terms: "patho" }),
  entry({ key: "anatomy", title: "Sessional", place: "Gross Anatomy · 2018" }),
  entry({ key: "quadratic", title: "Quadratic Functions", terms: "parabola grade 11" }),
  entry({ key: "grade-110", title: "Linear Algebra", terms: "la110" }),
  entry({
    key: "book",
    title: "Biology Made Easy",
    kind: "book",
    body: "Every chapter ends with answers to its questions.",
  }),
  entry({ key: "osmosis-quiz", title: "Movement of Substances", terms: "osmosis", boost: 0.3 }),
  entry({ key: "osmosis-notes", title: "Movement of Substances", terms: "osmosis" }),
  entry({
    key: "online",
    title: "Notes kept online",
    body: "See www.okapisite.com:443/notes?a=1 or mail help@okapimail.org or https://okapiweb.net/x.",
  }),
];

const index = createSearchIndex(ENTRIES);
const keysFor = (words: string[], page = 1, perPage = 20) =>
  index.find(words, page, perPage, 10).entries.map((found) => found.key);

describe("the search index", () => {
  it("reads a word as the start of longer ones, and a number or short word whole", () => {
    expect(keysFor(["patholo"])).toEqual(expect.arrayContaining(["pathology", "patho-test"]));
    expect(keysFor(["11"])).toEqual(["quadratic"]);
    expect(keysFor(["1"])).toEqual(["patho-test"]);
  });

  it("finds a word in any form (functions, function)", () => {
    expect(keysFor(["function"])).toEqual(["quadratic"]);
  });

  it("leaves out words too common to find anything", () => {
    expect(keysFor(["the", "sessional", "with", "answers"])).toEqual(["pathology"]);
    expect(index.find(["the", "of"], 1, 20, 10).total).toBe(0);
  });

  it("finds the site's word for a synonym only where an entry is named or placed", () => {
    // The book's blurb says "answers": it is no marking key.
    expect(keysFor(["memo"])).toEqual(["pathology"]);
    expect(keysFor(["patho", "marking scheme"])).toEqual(["pathology"]);
  });

  it("ranks the entries holding most words first when none holds every one", () => {
    const found = index.find(["sessional", "2019", "zebra"], 1, 20, 10);
    expect(found.everyWord).toBe(false);
    expect(found.entries[0]?.key).toBe("pathology");
    expect(found.total).toBe(3);
  });

  it("searches a misspelt word's close spelling too, as a student reads it", () => {
    const found = index.find(["quadratc"], 1, 20, 10);
    expect(found.closeSpellings).toEqual([{ word: "quadratc", close: "quadratic" }]);
    expect(found.entries.map((e) => e.key)).toEqual(["quadratic"]);
  });

  it("reads a web or e-mail address as no words", () => {
    for (const word of ["okapisite", "okapimail", "okapiweb", "com"]) {
      expect(index.find([word], 1, 20, 10).total, word).toBe(0);
      expect(index.find([word], 1, 20, 10).closeSpellings, word).toEqual([]);
    }
    expect(keysFor(["mail"])).toEqual(["online"]);
  });

  it("puts the kind a student means first when the words match alike", () => {
    expect(keysFor(["osmosis"])).toEqual(["osmosis-notes", "osmosis-quiz"]);
  });

  it("shows the first page for a page past the last", () => {
    const found = index.find(["2019"], 5, 1, 10);
    expect(found.page).toBe(1);
    expect(found.total).toBe(2);
    expect(found.entries).toHaveLength(1);
  });
});

function similarity(a: string, b: string): number {
  const [first, second] = [trigramsOf(a), trigramsOf(b)];
  return likeness(
    [...first].filter((trigram) => second.has(trigram)).length,
    first.size,
    second.size,
  );
}

describe("trigram likeness", () => {
  it("measures as pg_trgm does", () => {
    expect([...trigramsOf("Cat")].sort()).toEqual(["  c", " ca", "at ", "cat"]);
    expect(similarity("quadratic", "quadratic")).toBe(1);
    // pg_trgm: similarity('quadratc', 'quadratic') = 0.5833333, similarity('memo', 'memory') = 0.5
    expect(similarity("quadratc", "quadratic")).toBeCloseTo(7 / 12);
    expect(similarity("memo", "memory")).toBe(0.5);
    expect(similarity("", "cell")).toBe(0);
    expect(likeness(0, 0, 0)).toBe(0);
  });
});

describe("the search index's pages", () => {
  // Many entries alike in score, so that the likeness of titles decides much of the order.
  const subjects = ["Biology", "Chemistry", "Physics", "Pathology", "Anatomy"];
  const many = Array.from({ length: 400 }, (_, at) =>
    entry({
      key: `entry-${at}`,
      title: `${subjects[at % 5]} ${["Sessional", "Test 1", "Test 2", "Notes"][at % 4]}`,
      place: `${subjects[(at * 7) % 5]} · ${2010 + (at % 13)}`,
      terms: at % 3 === 0 ? "sessional answers" : "notes",
      boost: [0.1, 0.3, 0.4][at % 3]!,
    }),
  );
  const manyIndex = createSearchIndex(many);

  it("rank each page as one long page would, though only the entries that can reach it are weighed in full", () => {
    for (const words of [["sessional"], ["biology", "sessional"], ["notes"], ["2019"]]) {
      const whole = manyIndex.find(words, 1, 400, 10);
      const pageCount = Math.min(3, Math.ceil(whole.total / 20));
      const pages = Array.from({ length: pageCount }, (_, at) =>
        manyIndex.find(words, at + 1, 20, 10).entries.map((found) => found.key),
      ).flat();
      expect(whole.total, words.join(" ")).toBeGreaterThan(20);
      expect(pages, words.join(" ")).toEqual(whole.entries.slice(0, 60).map((found) => found.key));
    }
  });
});
