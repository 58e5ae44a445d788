import { beforeAll, describe, expect, it } from "vitest";
import { catalogueRows, slugify, TOPIC_PRICE_NGWEE, type CatalogueRows } from "./catalogue-rows";
import { readCatalogueContent } from "./catalogue-files.server";

let rows: CatalogueRows;
beforeAll(async () => {
  rows = catalogueRows(await readCatalogueContent());
});

const onPage = (page: string, kind?: string) =>
  rows.materials.filter((row) => row.page === page && (!kind || row.kind === kind));
const topics = (subject: string) => onPage(subject, "topic_booklet");
const range = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, index) => from - index);

describe("the catalogue, against docs/requirements.md", () => {
  it("lists mathematics exactly as docs/requirements.md does, FREE where it says", () => {
    const listed = topics("mathematics").map(
      (row) => `${row.grade}: ${row.title}${row.isFree ? " (FREE)" : ""}`,
    );
    expect(listed).toEqual([
      "Ten: Introduction to Mathematics (FREE)",
      "Ten: Sets",
      "Ten: Algebra",
      "Ten: Indices (FREE)",
      "Ten: Matrices",
      "Ten: Simultaneous Equations",
      "Ten: Travel Graphs",
      "Ten: Similarity and Congruence",
      "Ten: Social and Commercial Arithmetic",
      "Ten: Angles",
      "Ten: Bearings",
      "Ten: Symmetry",
      "Ten: Computer (PseudoCode and Flow Charts)",
      "Eleven: Approximations",
      "Eleven: Coordinate Geometry",
      "Eleven: Functions (FREE)",
      "Eleven: Variation",
      "Eleven: Quadratic Equations",
      "Eleven: Quadratic Functions",
      "Eleven: Arithmetic Progression",
      "Eleven: Geometric Progression",
      "Eleven: Circle Properties (FREE)",
      "Eleven: Construction and Loci",
      "Eleven: Trigonometry (FREE)",
      "Eleven: Mensuration",
      "Eleven: Probability",
      "Twelve: Statistics",
      "Twelve: Graphs of Functions",
      "Twelve: Linear Programming",
      "Twelve: Vectors",
      "Twelve: Geometrical Transformation",
      "Twelve: Earth Geometry",
      "Twelve: Calculus: Differentiation",
      "Twelve: Calculus: Integration",
    ]);
  });

  it("lists physics exactly as docs/requirements.md does, FREE where it says", () => {
    const listed = topics("physics").map(
      (row) => `${row.grade}: ${row.title}${row.isFree ? " (FREE)" : ""}`,
    );
    expect(listed).toEqual([
      "Ten: Introduction to Physics (FREE)",
      "Ten: Mass Weight Volume & Density",
      "Ten: Forces",
      "Ten: Mechanics (FREE)",
      "Ten: Moments of a Force",
      "Ten: Work Energy and Power (FREE)",
      "Ten: Simple Machines",
      "Eleven: Thermal Physics",
      "Eleven: Gas Laws (FREE)",
      "Eleven: Waves",
      "Eleven: Sound",
      "Eleven: Light",
      "Twelve: Magnetism",
      "Twelve: Electromagnetism",
      "Twelve: Electricity",
      "Twelve: Electromagnetic Induction",
      "Twelve: RadioActivity (FREE)",
    ]);
  });

  it("lists English in one 'Ten - Twelve' section with the required free and priced topics", () => {
    const english = topics("english");
    expect(new Set(english.map((row) => row.grade))).toEqual(new Set(["Ten - Twelve"]));
    const titles = (free: boolean) =>
      english
        .filter((row) => row.isFree === free)
        .map((row) => row.title)
        .sort();
    expect(titles(true)).toEqual([
      "Comprehension",
      "Condition",
      "Grammar and Punctuations",
      "Introduction",
      "Summary",
    ]);
    expect(titles(false)).toEqual([
      "Comparison",
      "Contrast",
      "Direct and Indirect Speech",
      "Narrative Composition",
      "Reason",
      "Time",
    ]);
  });

  it("makes free exactly the biology and chemistry topics the requirements name, in their grades", () => {
    const free = (subject: string) =>
      topics(subject)
        .filter((row) => row.isFree)
        .map((row) => `${row.grade}: ${row.title}`);
    expect(free("biology")).toEqual([
      "Ten: Introduction to Biology",
      "Ten: Respiration and Gaseous Exchange",
      "Eleven: Transport in Man",
      "Eleven: Nervous System",
      "Twelve: Genetics",
    ]);
    expect(
      free("chemistry")
        .map((entry) => entry.split(": ")[1])
        .sort(),
    ).toEqual([
      "Atomic Structure",
      "Introduction to Chemistry",
      "Rates of Chemical Reactions",
      "Redox Reactions",
    ]);
    for (const subject of ["biology", "chemistry"]) {
      for (const grade of ["Ten", "Eleven", "Twelve"]) {
        expect(
          topics(subject).filter((row) => row.grade === grade).length,
          `${subject} ${grade}`,
        ).toBeGreaterThanOrEqual(5);
      }
    }
  });

  it("prices every other topic at 4 ZMW", () => {
    for (const row of rows.materials.filter((material) => material.kind === "topic_booklet")) {
      expect(row.priceNgwee, row.key).toBe(row.isFree ? null : TOPIC_PRICE_NGWEE);
    }
  });

  it("links the spec's Brain Boosters where the requirements say, and a topic's to every other", () => {
    const topicBooklets = rows.materials.filter((row) => row.kind === "topic_booklet");
    const boosters = topicBooklets.map((row) => `${row.page}:${row.brainBooster}`);
    const ofTopics = boosters.filter((booster) => booster.includes("-"));
    expect(ofTopics).toHaveLength(103);
    for (const booster of ofTopics) expect(booster).toMatch(/^(\w+):\1-[a-z\d-]+$/);
    expect(boosters.filter((booster) => !ofTopics.includes(booster)).sort()).toEqual([
      "biology:cell",
      "biology:enzymes",
      "biology:introduction_to_biology",
      "chemistry:introduction_to_chemistry",
      "chemistry:separation_techniques",
      "mathematics:introduction_to_mathematics",
      "physics:introduction_to_physics",
    ]);
    const quizzes = Object.fromEntries(
      rows.subjects.map((subject) => [subject.slug, subject.quizzes]),
    );
    expect(quizzes.physi).toContain("introduction_to_physiology");
    expect(quizzes.patho).toContain("introduction_to_pathology");
  });

  it.each([
    ["bioch", range(2023, 2013)],
    ["histo", range(2023, 2013)],
    ["embry", range(2023, 2013)],
    ["gross", range(2023, 2013)],
    ["clini", range(2023, 2020)],
    ["patho", range(2023, 2012)],
    ["thera", range(2023, 2014).filter((year) => year !== 2019)],
    ["labsc", range(2023, 2011)],
    ["socie", range(2023, 2012)],
    ["publi", range(2023, 2014)],
  ])("lists %s's past papers for the required years, newest first", (slug, years) => {
    const listed = [...new Set(onPage(slug, "past_paper").map((row) => row.year))];
    expect(listed).toEqual(years);
  });

  it("lists physiology from 2023 to 2012 with gaps, and its Cell Physiology PDF", () => {
    const listed = [...new Set(onPage("physi", "past_paper").map((row) => row.year!))];
    expect(listed[0]).toBe(2023);
    expect(listed.at(-1)).toBe(2012);
    expect(listed).toEqual([...listed].sort((a, b) => b - a));
    expect(listed.length).toBeLessThan(12);
    expect(onPage("physi", "topical_pdf").map((row) => row.title)).toEqual(["Cell Physiology"]);
  });

  it("uses every required past-paper label", () => {
    const labels = new Set(
      rows.materials.filter((row) => row.kind === "past_paper").map((row) => row.label!),
    );
    for (const label of [
      "Test 1",
      "Test 2",
      "Test 3",
      "Sessional",
      "Sessional Part 1",
      "Sessional Part 2",
      "Test 2 Part A",
      "Test 2 Part B",
    ]) {
      expect(labels, label).toContain(label);
    }
    expect([...labels].some((label) => label.endsWith("with answer schedule"))).toBe(true);
    expect([...labels].some((label) => label.endsWith("with answers"))).toBe(true);
    expect(onPage("patho", "past_paper").some((row) => /Practical/.test(row.label!))).toBe(true);
    expect(onPage("patho", "past_paper").some((row) => /with answers/.test(row.label!))).toBe(true);
  });

  it("gives the four course pages 2023 tests and a sessional, and CS110 and LA111 only a sessional", () => {
    for (const code of ["BI110", "CH110", "PH110", "MA110"]) {
      const papers = onPage(code, "past_paper");
      expect(
        papers.every((row) => row.year === 2023),
        code,
      ).toBe(true);
      expect(
        papers.map((row) => row.label),
        code,
      ).toEqual(expect.arrayContaining(["Test 1", "Test 2", "Sessional"]));
    }
    for (const code of ["CS110", "LA111"]) {
      expect(
        onPage(code, "past_paper").map((row) => `${row.year} ${row.label}`),
        code,
      ).toEqual(["2023 Sessional"]);
    }
    const cs110 = rows.subjects.find((subject) => subject.slug === "CS110")!;
    const bi110 = rows.subjects.find((subject) => subject.slug === "BI110")!;
    expect(cs110.description).not.toBe(bi110.description);
  });

  it("shows the four books with the required crossed-out prices, all free", () => {
    const books = onPage("books", "book");
    expect(books.map((row) => row.crossedOutPrice)).toEqual(["19.99", "14.99", "7.99", "4.99"]);
    expect(books.every((row) => row.isFree)).toBe(true);
  });

  it("has five home products, four algebra videos, the two podcasts and the app", () => {
    expect(onPage("home", "product")).toHaveLength(5);
    expect(onPage("videos", "video_lesson").map((row) => row.title)).toEqual([
      "Algebra Part 1",
      "Algebra Part 2",
      "Algebra Part 3",
      "Algebra Part 4",
    ]);
    expect(onPage("podcasts", "podcast_episode").map((row) => row.title)).toEqual([
      "Mindset Change",
      "The importance of planning",
    ]);
    expect(onPage("app", "app_file").map((row) => row.key)).toEqual(["studyzed-android-app"]);
  });

  it("gives every material its own readable key", () => {
    const keys = rows.materials.map((row) => row.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe("slugify", () => {
  it.each([
    ["Mass Weight Volume & Density", "mass-weight-volume-and-density"],
    ["Calculus: Differentiation", "calculus-differentiation"],
    ["Computer (PseudoCode and Flow Charts)", "computer-pseudocode-and-flow-charts"],
    ["Sessional Part 1", "sessional-part-1"],
  ])("%s → %s", (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });
});
