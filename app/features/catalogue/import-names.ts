// The names an owner gives files ("Pathology/2019/Sessional Exam.pdf", "maths/Grade 11
// Quadratic Functions.pdf") read as catalogue entries (docs/content-import.md).

/** What a file's name is compared with: one catalogue entry as people call it. */
export type NamedEntry = {
  key: string;
  subject: { slug: string; name: string } | null;
  year: number | null;
  /** "Ten", "Eleven", "Twelve" or "Ten - Twelve", as the catalogue says it. */
  grade: string | null;
  /** The entry's own title, after its topic's for a topic's extras ("Sets Practice Test"). */
  title: string;
};

export type NameReading =
  { outcome: "resolved"; key: string } | { outcome: "unsure"; guesses: string[] };

type EntryRow = Omit<NamedEntry, "subject"> & {
  subjectSlug: string | null;
  topicKey: string | null;
};

/** A topic's extras are named with their topic: "Quadratic Functions Practice Test". */
export function toNamedEntries(
  rows: readonly EntryRow[],
  subjects: readonly { slug: string; name: string }[],
): NamedEntry[] {
  const subjectsBySlug = new Map(subjects.map((subject) => [subject.slug, subject]));
  const titles = new Map(rows.map((row) => [row.key, row.title]));
  return rows.map((row) => {
    const topic = row.topicKey && row.topicKey !== row.key ? titles.get(row.topicKey) : undefined;
    const subject = row.subjectSlug ? subjectsBySlug.get(row.subjectSlug) : undefined;
    return {
      key: row.key,
      subject: subject ? { slug: subject.slug, name: subject.name } : null,
      year: row.year,
      grade: row.grade,
      title: topic ? `${topic} ${row.title}` : row.title,
    };
  });
}

/** The short forms people write for a subject, beyond the subject's own code or name. */
const SHORT_FORMS: Record<string, string[]> = {
  biology: ["bio", "bios"],
  chemistry: ["chem", "chemi"],
  physics: ["phys", "phy"],
  mathematics: ["maths", "math", "mat"],
  english: ["eng", "engl"],
};

/** Words that say what kind of file it is, not which one: "Sessional Exam" is the Sessional. */
const NOISE = new Set(["exam", "examination", "exams", "paper", "papers", "past", "final"]);

const GRADE_WORDS: Record<string, string> = {
  "10": "ten",
  "11": "eleven",
  "12": "twelve",
  ten: "ten",
  eleven: "eleven",
  twelve: "twelve",
};

/** "Grade 11 Test1.PDF" → ["grade", "11", "test", "1"]: lower case, letters and digits apart. */
export function nameWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/([a-z])(\d)|(\d)([a-z])/g, (_, a, b, c, d) => `${a ?? c} ${b ?? d}`)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

type Reading = { subjectSaid: boolean; yearSaid: boolean; gradeSaid: boolean; rest: string[] };

/**
 * Every way of taking out of `words` a mention of the entry's subject ("Biology/Cell Biology"
 * may name it by either word), then its year and grade; none when a year or grade contradicts it.
 */
function readingsFor(words: readonly string[], entry: NamedEntry): Reading[] {
  const ways: { subjectSaid: boolean; rest: string[] }[] = [
    { subjectSaid: false, rest: [...words] },
  ];
  for (const name of entry.subject ? subjectNames(entry.subject) : [])
    for (let at = 0; at + name.length <= words.length; at++)
      if (name.every((word, index) => words[at + index] === word))
        ways.push({ subjectSaid: true, rest: words.toSpliced(at, name.length) });
  return ways.flatMap(({ subjectSaid, rest }) => {
    const reading = yearAndGrade(rest, entry);
    return reading ? [{ subjectSaid, ...reading }] : [];
  });
}

function yearAndGrade(words: readonly string[], entry: NamedEntry) {
  const years = words.filter((word) => /^(19|20)\d\d$/.test(word));
  if (years.some((year) => Number(year) !== entry.year)) return null;
  const rest = words.filter((word) => !years.includes(word));
  let gradeSaid = false;
  const gradeAt = rest.findIndex(
    (word, index) => /^(grade|gr|g|form)$/.test(word) && GRADE_WORDS[rest[index + 1] ?? ""],
  );
  if (gradeAt >= 0) {
    const said = GRADE_WORDS[rest[gradeAt + 1]!]!;
    if (!nameWords(entry.grade ?? "").includes(said)) return null;
    rest.splice(gradeAt, 2);
    gradeSaid = true;
  }
  return { yearSaid: years.length > 0, gradeSaid, rest: withoutNoise(rest) };
}

function subjectNames(subject: NonNullable<NamedEntry["subject"]>): string[][] {
  const name = nameWords(subject.name);
  const forms = SHORT_FORMS[name.join(" ")] ?? [];
  return [name, nameWords(subject.slug), ...forms.map((form) => [form])].filter(
    (words) => words.length > 0,
  );
}

/** Without the words that say nothing, and plurals made singular: "Practicals" is "Practical". */
const withoutNoise = (words: readonly string[]) =>
  words
    .filter((word) => !NOISE.has(word))
    .map((word) => (word.length > 3 && /[^s]s$/.test(word) ? word.slice(0, -1) : word));

/** "Pathology 2019 Sessional", "Mathematics Grade 11 Quadratic Functions": to name a guess. */
export function entryName(entry: NamedEntry): string {
  const grade =
    entry.grade && !entry.grade.includes("-")
      ? `Grade ${GRADE_NUMBERS[entry.grade] ?? entry.grade}`
      : null;
  return [entry.subject?.name, entry.year, grade, entry.title].filter(Boolean).join(" ");
}

const GRADE_NUMBERS: Record<string, string> = { Ten: "10", Eleven: "11", Twelve: "12" };

/**
 * The entry a path names when exactly one entry fits every word of it (its subject, year,
 * grade and title, in any order of folders); otherwise the entries it most likely meant.
 */
export function readImportName(relativePath: string, entries: readonly NamedEntry[]): NameReading {
  const words = nameWords(relativePath.replace(/\.[a-z0-9]{1,5}$/i, ""));
  const fits: NamedEntry[] = [];
  const scored: { key: string; score: number }[] = [];
  for (const entry of entries) {
    const readings = readingsFor(words, entry);
    const title = withoutNoise(nameWords(entry.title));
    const fit = readings.some(
      (reading) =>
        sameWords(reading.rest, title) && (reading.subjectSaid || entry.subject === null),
    );
    if (fit) fits.push(entry);
    const score = Math.max(0, ...readings.map((reading) => likeness(reading, title)));
    if (score > 0) scored.push({ key: entry.key, score });
  }
  if (fits.length === 1) return { outcome: "resolved", key: fits[0]!.key };
  if (fits.length > 1) return { outcome: "unsure", guesses: fits.slice(0, 3).map((e) => e.key) };
  const best = Math.max(0, ...scored.map((entry) => entry.score));
  const guesses = scored
    .filter((entry) => entry.score === best && best >= 0.5)
    .slice(0, 3)
    .map((entry) => entry.key);
  return { outcome: "unsure", guesses };
}

const sameWords = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((word, index) => word === b[index]);

/** How near the words left over come to the entry's title, 0 to about 2. */
function likeness(reading: Reading, title: readonly string[]): number {
  const rest = new Set(reading.rest);
  const shared = title.filter((word) => rest.has(word)).length;
  const overlap = shared / new Set([...reading.rest, ...title]).size;
  if (overlap === 0) return 0;
  return (
    overlap + (reading.subjectSaid ? 0.5 : 0) + (reading.yearSaid || reading.gradeSaid ? 0.25 : 0)
  );
}
