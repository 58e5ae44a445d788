import { beforeAll, describe, expect, it } from "vitest";
import { readCatalogueContent } from "./catalogue-files.server";
import { catalogueRows } from "./catalogue-rows";
import {
  entryName,
  nameWords,
  readImportName,
  toNamedEntries,
  type NamedEntry,
} from "./import-names";

let entries: NamedEntry[];
beforeAll(async () => {
  const rows = catalogueRows(await readCatalogueContent());
  entries = toNamedEntries(
    rows.materials.map((row) => ({
      key: row.key,
      title: row.title,
      subjectSlug: row.subjectSlug ?? null,
      topicKey: row.topicKey ?? null,
      year: row.year ?? null,
      grade: row.grade ?? null,
    })),
    rows.subjects,
  );
});

const read = (name: string) => readImportName(name, entries);
const resolved = (key: string) => ({ outcome: "resolved", key });

describe("reading the names an owner gives files", () => {
  it("splits words, and letters from digits", () => {
    expect(nameWords("maths/Grade 11 Quadratic Functions")).toEqual([
      "maths",
      "grade",
      "11",
      "quadratic",
      "functions",
    ]);
    expect(nameWords("BI110/Test1")).toEqual(["bi", "110", "test", "1"]);
  });

  it("reads the owner's own folders as the entries they name", () => {
    expect(read("Pathology/2019/Sessional.pdf")).toEqual(resolved("patho-2019-sessional"));
    expect(read("maths/Grade 11 Quadratic Functions.pdf")).toEqual(
      resolved("mathematics-quadratic-functions"),
    );
  });

  it("takes 'Sessional Exam', 'Sessional Examination' and 'Test1' as the paper they name", () => {
    expect(read("Pathology/2019/Sessional Exam.pdf")).toEqual(resolved("patho-2019-sessional"));
    expect(read("pathology 2019 sessional examination.pdf")).toEqual(
      resolved("patho-2019-sessional"),
    );
    expect(read("Pathology/2019/Test1.pdf")).toEqual(resolved("patho-2019-test-1"));
    expect(read("Patho/2019/Sessional with answers.pdf")).toEqual(
      resolved("patho-2019-sessional-with-answers"),
    );
    expect(read("Gross Anatomy/2019/Test 3.pdf")).toEqual(resolved("gross-2019-test-3"));
  });

  it("knows the short forms Bio, Chem, Phys, Maths and Eng, and the full names", () => {
    expect(read("Bio/Grade 10/Cell Biology.pdf")).toEqual(resolved("biology-cell-biology"));
    expect(read("Biology/Cell Biology.pdf")).toEqual(resolved("biology-cell-biology"));
    expect(read("Chem/Grade 11/The Mole Concept.pdf")).toEqual(
      resolved("chemistry-the-mole-concept"),
    );
    expect(read("Chemistry/The Mole Concept.pdf")).toEqual(resolved("chemistry-the-mole-concept"));
    expect(read("Phys/Gas Laws.pdf")).toEqual(resolved("physics-gas-laws"));
    expect(read("Physics/Grade 11 Gas Laws.pdf")).toEqual(resolved("physics-gas-laws"));
    expect(read("Maths/Indices.pdf")).toEqual(resolved("mathematics-indices"));
    expect(read("Mathematics/Indices.pdf")).toEqual(resolved("mathematics-indices"));
    expect(read("Eng/Comprehension.pdf")).toEqual(resolved("english-comprehension"));
    expect(read("English/Comprehension.pdf")).toEqual(resolved("english-comprehension"));
  });

  it("names a topic's practice test and its answers by the topic", () => {
    expect(read("maths/Grade 11 Functions Practice Test.pdf")).toEqual(
      resolved("mathematics-functions-practice-test"),
    );
    expect(read("maths/Functions Practice Test Answers.pdf")).toEqual(
      resolved("mathematics-functions-practice-test-answers"),
    );
  });

  it("names a first-year course by its code or its name with a year", () => {
    expect(read("BI110/2023/Test 1.pdf")).toEqual(resolved("bi110-2023-test-1"));
    expect(read("Maths/2023/Sessional Exam.pdf")).toEqual(resolved("ma110-2023-sessional"));
  });

  it("guesses, never resolves, when a grade or year contradicts the entry", () => {
    const wrongGrade = read("maths/Grade 10 Quadratic Functions.pdf");
    expect(wrongGrade.outcome).toBe("unsure");
    const wrongYear = read("Pathology/2011/Sessional.pdf");
    expect(wrongYear.outcome).toBe("unsure");
  });

  it("says which entry it thinks was meant when a name is near one", () => {
    expect(read("Pathology/2019/Sessional Practicals.pdf")).toEqual(
      resolved("patho-2019-sessional-practical"),
    );
    expect(read("Pathology/2019/Sessional answers.pdf")).toEqual({
      outcome: "unsure",
      guesses: ["patho-2019-sessional-with-answers"],
    });
    expect(read("maths/Grade 11 Quadratic Function notes.pdf")).toEqual({
      outcome: "unsure",
      guesses: ["mathematics-quadratic-functions"],
    });
  });

  it("is unsure when a name leaves out the subject, and names a few it could be", () => {
    const noSubject = read("2019/Sessional.pdf");
    expect(noSubject.outcome).toBe("unsure");
    expect(noSubject.outcome === "unsure" && noSubject.guesses.length).toBeGreaterThan(1);
    expect(noSubject.outcome === "unsure" && noSubject.guesses).toContain("histo-2019-sessional");
  });

  it("names a guess as the catalogue shows it", () => {
    const byKey = new Map(entries.map((entry) => [entry.key, entry]));
    expect(entryName(byKey.get("patho-2019-sessional")!)).toBe("Pathology 2019 Sessional");
    expect(entryName(byKey.get("mathematics-quadratic-functions")!)).toBe(
      "Mathematics Grade 11 Quadratic Functions",
    );
  });
});
