import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseTarget } from "#database/client.server";
import { articles, materials, subjects } from "#database/schema";

/** The size of catalogue the search benchmark measures: many times today's. */
export const BENCH_MATERIALS = 20_000;
export const BENCH_ARTICLES = 500;

type Material = typeof materials.$inferSelect;
type Article = typeof articles.$inferSelect;
type Section = Article["groups"][number][number];

const GRADES = ["Ten", "Eleven", "Twelve"] as const;

/** Labels a bigger collection of past papers would carry, besides today's. */
const PAPER_LABELS = [
  "Test 1",
  "Test 2",
  "Test 3",
  "Sessional",
  "Sessional Part 1",
  "Sessional Part 2",
  "Sessional with answers",
  "Test 1 with answers",
  "Test 2 Part A",
  "Test 2 Part B",
  "Mock Examination",
  "Supplementary Examination",
  "End of Year Examination",
];

/** How a booklet, book or lesson differs from another on the same topic. */
const VARIANTS = [
  "Worked Examples",
  "Revision Notes",
  "Part 2",
  "Exam Questions",
  "Summary",
  "Teacher's Guide",
  "Pocket Revision",
  "Second Edition",
];

/** Topics a bigger catalogue would have, so that its words are more than today's few. */
const MORE_TOPICS: Record<string, string[]> = {
  biology: [
    "Photosynthesis and Light",
    "Classification of Living Organisms",
    "Blood and the Circulatory System",
    "Immunity and Vaccines",
    "Soil and Plant Nutrients",
    "Inheritance and Pedigree Charts",
    "Population Studies",
    "Diseases of Crops",
    "Drugs and Health",
    "Food Tests",
  ],
  chemistry: [
    "Alkanes and Alkenes",
    "Alcohols and Carboxylic Acids",
    "Polymers and Plastics",
    "Qualitative Analysis",
    "Titration Calculations",
    "Isotopes",
    "Fuels and Combustion",
    "Extraction of Copper",
    "Ammonia and Fertilisers",
    "Air Pollution",
  ],
  mathematics: [
    "Linear Programming",
    "Statistics: Mean, Median and Mode",
    "Cumulative Frequency",
    "Loci and Constructions",
    "Transformations",
    "Inequalities",
    "Logarithms",
    "Surds",
    "Factorisation",
    "Consumer Arithmetic",
  ],
  physics: [
    "Pressure",
    "Heat Transfer",
    "Sound",
    "Lenses and Optics",
    "Current Electricity",
    "Static Electricity",
    "Logic Gates",
    "Kinetic Theory",
    "Measurement and Errors",
    "Circular Motion",
  ],
  english: [
    "Letter Writing",
    "Report Writing",
    "Argumentative Composition",
    "Descriptive Composition",
    "Vocabulary",
    "Tenses",
    "Poetry",
    "Speech Writing",
    "Punctuation",
    "Idioms and Proverbs",
  ],
};

const ARTICLE_TITLES = [
  (topic: string, grade: string) => `How to revise ${topic} for ${grade}`,
  (topic: string) => `${topic}: the mistakes examiners see every year`,
  (topic: string) => `Understanding ${topic} in five steps`,
  (topic: string) => `Using past papers to master ${topic}`,
  (topic: string, grade: string) => `A four-week plan for ${topic} (${grade})`,
  (topic: string) => `Keeping calm before a ${topic} test`,
];

const POSTERS = [
  ["Chipo Mwansa", "Mathematics teacher, Lusaka"],
  ["Natasha Zulu", "School counsellor, Kitwe"],
  ["Mwila Banda", "Biology teacher, Ndola"],
  ["Dr Kelvin Phiri", "Lecturer, School of Medicine"],
  ["Bwalya Tembo", "Chemistry teacher, Kabwe"],
  ["Thandiwe Lungu", "Fifth-year medical student"],
] as const;

/**
 * Makes the database `target` (for PGlite, a stopped server's: it is one process's at a time)
 * look like a catalogue grown many times over: copies of every real material, each round
 * with other years, labels, subjects, grades and titles, up to BENCH_MATERIALS rows, and
 * published articles up to BENCH_ARTICLES built from the real ones' sections around new
 * topics. Rows are the site's (origin "site"), so the next start's content load keeps them;
 * copies share the real files, so their download links cost what the real ones do. The
 * triggers of database/migrations/0007_search.sql index everything as it is inserted.
 */
export async function seedSearchCatalogue(
  target: DatabaseTarget,
): Promise<{ materials: number; articles: number }> {
  const database = await openDatabase(target, { holder: "the search benchmark's seed" });
  try {
    const { db } = database;
    const real = (await db.select().from(materials)).sort((a, b) => a.id - b.id);
    const slugsByKind = new Map<string, string[]>();
    for (const subject of await db.select().from(subjects).orderBy(subjects.position))
      slugsByKind.set(subject.kind, [...(slugsByKind.get(subject.kind) ?? []), subject.slug]);
    const kindOf = new Map(
      [...slugsByKind].flatMap(([kind, slugs]) => slugs.map((slug) => [slug, kind])),
    );

    const copies: (typeof materials.$inferInsert)[] = [];
    for (let round = 1; real.length + copies.length < BENCH_MATERIALS; round++) {
      for (const material of real) {
        if (real.length + copies.length >= BENCH_MATERIALS) break;
        const sameKind = slugsByKind.get(kindOf.get(material.subjectSlug ?? "") ?? "") ?? [];
        copies.push(copyOf(material, round, sameKind));
      }
    }
    for (let start = 0; start < copies.length; start += 500) {
      await db.insert(materials).values(copies.slice(start, start + 500));
    }

    const realArticles = await db.select().from(articles).orderBy(articles.id);
    const topics = [
      ...new Set([
        ...real.filter((row) => row.kind === "topic_booklet").map((row) => row.title),
        ...Object.values(MORE_TOPICS).flat(),
      ]),
    ];
    const newArticles = Array.from({ length: BENCH_ARTICLES - realArticles.length }, (_, index) =>
      articleOf(index, realArticles, topics),
    );
    for (let start = 0; start < newArticles.length; start += 50) {
      await db.insert(articles).values(newArticles.slice(start, start + 50));
    }
    // The planner's statistics, as a site has them after its first minute (database/pglite-worker.js)
    // or PostgreSQL's autovacuum.
    await db.execute(sql`analyze`);
    return {
      materials: real.length + copies.length,
      articles: realArticles.length + newArticles.length,
    };
  } finally {
    await database.close();
  }
}

function copyOf(
  material: Material,
  round: number,
  sameKindSlugs: readonly string[],
): typeof materials.$inferInsert {
  const { id: _id, updatedAt: _updatedAt, downloadCount: _downloadCount, ...rest } = material;
  const { id, key, topicKey, title, grade, year, label, subjectSlug, page, position } = material;
  const variant = VARIANTS[(id + round) % VARIANTS.length]!;
  const copy = {
    ...rest,
    key: `bench-${round}-${key}`,
    topicKey: topicKey === null ? null : `bench-${round}-${topicKey}`,
    position: position + round * 1000,
    origin: "site" as const,
  };
  if (material.kind === "past_paper" && year !== null) {
    // Another subject of the same kind, another year from 2000 to 2025, another label.
    const slug =
      sameKindSlugs[(sameKindSlugs.indexOf(subjectSlug ?? "") + round) % sameKindSlugs.length];
    const newLabel = PAPER_LABELS[(id * 7 + round) % PAPER_LABELS.length]!;
    return {
      ...copy,
      subjectSlug: slug ?? subjectSlug,
      page: slug ?? page,
      year: 2000 + ((year - 2000 + round * 5) % 26),
      label: newLabel,
      title: newLabel,
    };
  }
  if (material.kind === "topic_booklet" || material.kind.startsWith("practice_test")) {
    const moved = grade && GRADES.includes(grade as (typeof GRADES)[number]);
    const newGrade = moved
      ? GRADES[(GRADES.indexOf(grade as (typeof GRADES)[number]) + round) % GRADES.length]!
      : grade;
    if (material.kind !== "topic_booklet") return { ...copy, grade: newGrade };
    // Every other round a topic today's catalogue does not have; else today's with a variant.
    const more = MORE_TOPICS[subjectSlug ?? ""] ?? [];
    const newTitle =
      round % 2 === 0 && more.length > 0
        ? more[(position + round) % more.length]!
        : `${title}: ${variant}`;
    return { ...copy, grade: newGrade, title: newTitle };
  }
  return {
    ...copy,
    title: `${title}: ${variant}`,
    label: label === null ? null : `${label}: ${variant}`,
  };
}

function articleOf(
  index: number,
  realArticles: readonly Article[],
  topics: readonly string[],
): typeof articles.$inferInsert {
  const random = seededRandom(index + 1);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const topic = topics[(index * 7) % topics.length]!;
  const grade = pick(["Grade 10", "Grade 11", "Grade 12", "second-year medicine", "first year"]);
  const sections = realArticles.flatMap((article) => article.groups.flat());
  const section = (last: boolean): Section => {
    const { heading, paragraphs } = pick(sections);
    const count = 1 + Math.floor(random() * Math.min(last ? 3 : 4, paragraphs.length));
    return { heading, paragraphs: paragraphs.slice(0, count) };
  };
  const source = pick(realArticles);
  const [poster, position] = pick(POSTERS);
  const day = new Date(Date.UTC(2024, 0, 1) + index * 2 * 86_400_000);
  return {
    contentKey: null,
    title: pick(ARTICLE_TITLES)(topic, grade),
    date: day.toISOString().slice(0, 10),
    time: `${String(6 + (index % 14)).padStart(2, "0")}:${String((index * 13) % 60).padStart(2, "0")}`,
    poster,
    position,
    images: source.images,
    intro: [
      `${topic} comes up in ${grade} tests and examinations every year, and it is where many students lose marks they could have kept. This article goes through it step by step, with the habits that help most.`,
      ...source.intro.slice(1),
    ],
    groups: [
      Array.from({ length: 7 }, () => section(false)),
      Array.from({ length: 7 }, (_, at) => section(at === 6)),
    ],
    closingImage: source.closingImage,
    keywords: [
      topic.toLowerCase(),
      grade.toLowerCase(),
      pick(["revision", "exam tips", "past papers", "study plan"]),
    ],
    isSample: false,
    published: true,
    origin: "site",
  };
}

/** The same articles on every run (mulberry32). */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}
