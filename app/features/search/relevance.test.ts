import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSearchableDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import { DATABASE_KINDS } from "#tests/setup/test-database";
import { searchSite, type SearchResult } from "./search.server";
import { readSearchQuery } from "./search-query";

/**
 * Queries as students type them, each with the result that must be among the first three
 * (docs/requirements.md#search). A file is named by its download address, a page by its
 * address, an article by its title (its id depends on load order).
 */
const TOP_THREE: [query: string, expected: string][] = [
  // Past papers by subject, short form, year and label.
  ["the 2019 pathology sessional with answers", "/download/patho-2019-sessional-with-answers"],
  ["patho 2019 sessional with answers", "/download/patho-2019-sessional-with-answers"],
  ["bioch 2015 test 2", "/download/bioch-2015-test-2"],
  ["gross anatomy 2018 sessional", "/download/gross-2018-sessional"],
  ["embryo 2020", "/download/embry-2020-sessional"],
  ["public health 2016 sessional", "/download/publi-2016-sessional"],
  ["thera 2021 sessional", "/download/thera-2021-sessional"],
  ["patho 2019 past papers", "/download/patho-2019-sessional"],
  ["past papers", "/past-papers"],
  // Papers with answers by what students call them.
  ["memo", "/download/patho-2019-sessional-with-answers"],
  ["marking scheme", "/download/thera-2018-sessional-with-answer-schedule"],
  ["patho 2019 marking key", "/download/patho-2019-sessional-with-answers"],
  ["patho 2019 marking scheme", "/download/patho-2019-sessional-with-answers"],
  ["bioch memo", "/download/bioch-2019-sessional-with-answer-schedule"],
  ["thera marking schemes", "/download/thera-2018-sessional-with-answer-schedule"],
  ["lab science memos", "/download/labsc-2017-sessional-with-answer-schedule"],
  // Course codes, any case, with or without a space.
  ["BI110", "/tutorials/BI110"],
  ["ma110", "/tutorials/MA110"],
  ["MA 110 sessional", "/download/ma110-2023-sessional"],
  ["cs110", "/tutorials/CS110"],
  // Subjects by name and short form.
  ["maths", "/tutorials/mathematics"],
  ["histology", "/tutorials/histo"],
  ["patho", "/tutorials/patho"],
  ["society and medicine", "/tutorials/socie"],
  ["linear algebra", "/tutorials/LA111"],
  ["pharmacology", "/tutorials/thera"],
  ["pharmacology sessional with answers", "/download/thera-2018-sessional-with-answer-schedule"],
  ["laboratory", "/tutorials/labsc"],
  ["laboratory 2017 sessional", "/download/labsc-2017-sessional-with-answer-schedule"],
  // Booklets by topic, grade and word form.
  ["grade 11 quadratic functions", "/download/mathematics-quadratic-functions"],
  ["g11 functions", "/download/mathematics-functions"],
  ["equation", "/download/mathematics-quadratic-equations"],
  ["redox", "/download/chemistry-redox-reactions"],
  ["mole concept", "/download/chemistry-the-mole-concept"],
  ["chem grade 10 atomic structure", "/download/chemistry-atomic-structure"],
  ["genetics grade 12", "/download/biology-genetics"],
  ["calculus integration", "/download/mathematics-calculus-integration"],
  ["electromagnetic induction", "/download/physics-electromagnetic-induction"],
  // Typos, through trigram similarity.
  ["quadratc", "/download/mathematics-quadratic-functions"],
  ["diffrentiation", "/download/mathematics-calculus-differentiation"],
  ["probabilty", "/download/mathematics-probability"],
  ["homeostatis", "/download/biology-homeostasis"],
  // Books, revision packs, lessons and podcasts.
  ["biology book", "/download/book-grade-12-biology-made-easy"],
  ["physics formula sheet", "/download/home-physics-formula-sheet"],
  ["periodic table", "/download/chemistry-the-periodic-table"],
  ["algebra video", "/download/video-algebra-part-1"],
  ["mindset podcast", "/download/podcast-mindset-change"],
  ["videos", "/videos"],
  // Quizzes and their questions.
  ["cell quiz", "/cell"],
  ["enzymes quiz", "/enzymes"],
  ["separation techniques", "/separation_techniques"],
  ["SI unit of mass", "/introduction_to_physics"],
  // Smartify articles, by what they are about.
  ["exam stress", "Managing exam stress"],
  ["revision plan", "How to plan your Grade 12 revision"],
  ["marking scheme error log", "How to use past papers well"],
];

/** A topic's subtopic, alone or with "notes", finds that topic's booklet first. */
const BOOKLET_FIRST: [query: string, expected: string][] = [
  ["osmosis", "/download/biology-movement-of-substances-in-and-out-of-cells"],
  ["osmosis notes", "/download/biology-movement-of-substances-in-and-out-of-cells"],
  ["plasmolysis", "/download/biology-movement-of-substances-in-and-out-of-cells"],
  ["denaturation", "/download/biology-enzymes"],
  ["esterification", "/download/chemistry-organic-chemistry-alcohols-carboxylic-acids-and-esters"],
  ["total internal reflection", "/download/physics-light"],
  ["venn diagrams notes", "/download/mathematics-sets"],
  ["reported speech", "/download/english-direct-and-indirect-speech"],
];

/** ...and a topic's own Brain Booster, which is found by its topic's subtopics, in the first three. */
const BRAIN_BOOSTER_TOO: [query: string, expected: string][] = [
  ["osmosis", "/quizzes/biology-movement-of-substances"],
  ["osmosis quiz", "/quizzes/biology-movement-of-substances"],
  ["plasmolysis", "/quizzes/biology-movement-of-substances"],
  ["esterification", "/quizzes/chemistry-alcohols-carboxylic-acids-and-esters"],
  ["total internal reflection", "/quizzes/physics-light"],
  ["venn diagrams", "/quizzes/mathematics-sets"],
  ["reported speech", "/quizzes/english-direct-and-indirect-speech"],
  ["denaturation", "/enzymes"],
];

function namesOf(result: SearchResult): string[] {
  return [result.download?.href ?? result.href, result.title];
}

describe.each(DATABASE_KINDS)("search finds what a student means, on %s", (kind) => {
  let seeded: SeededDatabase;
  beforeAll(async () => {
    seeded = await createSearchableDatabase(kind);
  });
  afterAll(async () => {
    await seeded.destroy();
  });

  it(`holds at least 30 queries`, () => {
    expect(TOP_THREE.length).toBeGreaterThanOrEqual(30);
  });

  it.each(TOP_THREE)("%s → %s in the first three", async (query, expected) => {
    const answer = await searchSite({ db: seeded.database.db, query: readSearchQuery(query) });
    const firstThree = answer.results.slice(0, 3).map(namesOf);
    expect(
      firstThree.some((names) => names.includes(expected)),
      `first three: ${JSON.stringify(firstThree)}`,
    ).toBe(true);
  });

  it.each(BOOKLET_FIRST)("%s → %s first", async (query, expected) => {
    const answer = await searchSite({ db: seeded.database.db, query: readSearchQuery(query) });
    const first = answer.results[0];
    expect(
      first && namesOf(first),
      JSON.stringify(answer.results.slice(0, 3).map(namesOf)),
    ).toContain(expected);
  });

  it.each(BRAIN_BOOSTER_TOO)("%s → %s in the first three", async (query, expected) => {
    const answer = await searchSite({ db: seeded.database.db, query: readSearchQuery(query) });
    const firstThree = answer.results.slice(0, 3).map(namesOf);
    expect(firstThree.flat(), JSON.stringify(firstThree)).toContain(expected);
  });
});
