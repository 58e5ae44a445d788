import { describe, expect, it } from "vitest";
import type { NamedEntry } from "./import-names";
import { keysNamedBy, planFolderImport, planManifestImport } from "./import-plan";

const PATHOLOGY = { slug: "patho", name: "Pathology" };
const KEYS: NamedEntry[] = [
  { key: "patho-2019-test-1", subject: PATHOLOGY, year: 2019, grade: null, title: "Test 1" },
  { key: "patho-2019-sessional", subject: PATHOLOGY, year: 2019, grade: null, title: "Sessional" },
  {
    key: "patho-2019-sessional-with-answers",
    subject: PATHOLOGY,
    year: 2019,
    grade: null,
    title: "Sessional with answers",
  },
  {
    key: "mathematics-indices",
    subject: { slug: "mathematics", name: "Mathematics" },
    year: null,
    grade: "Ten",
    title: "Indices",
  },
  {
    key: "bi110-2021-test-2",
    subject: { slug: "BI110", name: "Biology" },
    year: 2021,
    grade: null,
    title: "Test 2",
  },
  { key: "podcast-exam-stress", subject: null, year: null, grade: null, title: "Exam Stress" },
];

describe("placing a bulk import's files", () => {
  it("reads a key from the path, folders joined, or from the name alone", () => {
    expect(keysNamedBy("patho/2019/Sessional with answers.pdf")).toEqual([
      "patho-2019-sessional-with-answers",
      "sessional-with-answers",
    ]);
    expect(keysNamedBy("scans/patho-2019-test-1.PDF")).toEqual([
      "scans-patho-2019-test-1",
      "patho-2019-test-1",
    ]);
    expect(keysNamedBy("mathematics-indices.pdf")).toEqual(["mathematics-indices"]);
  });

  it("places PDFs as files, pictures as covers and audio or video as media, by path or by name", () => {
    const { planned, unplaced } = planFolderImport(
      [
        "patho/2019/sessional-with-answers.pdf",
        "BI110/2021/Test 2.pdf",
        "scans/patho-2019-test-1.pdf",
        "covers/mathematics-indices.jpeg",
        "podcasts/podcast-exam-stress.MP3",
      ],
      KEYS,
    );
    expect(unplaced).toEqual([]);
    expect(planned).toEqual([
      {
        source: "patho/2019/sessional-with-answers.pdf",
        key: "patho-2019-sessional-with-answers",
        role: "file",
      },
      { source: "BI110/2021/Test 2.pdf", key: "bi110-2021-test-2", role: "file" },
      { source: "scans/patho-2019-test-1.pdf", key: "patho-2019-test-1", role: "file" },
      { source: "covers/mathematics-indices.jpeg", key: "mathematics-indices", role: "cover" },
      { source: "podcasts/podcast-exam-stress.MP3", key: "podcast-exam-stress", role: "media" },
    ]);
  });

  it("says why a file is left out: no entry, a type it does not take, or two for one entry", () => {
    const { planned, unplaced } = planFolderImport(
      [
        "patho/2020/test-1.pdf",
        "notes.docx",
        "a/patho-2019-test-1.pdf",
        "b/patho-2019-test-1.pdf",
        ".DS_Store",
        "patho/Thumbs.db",
      ],
      KEYS,
    );
    expect(planned).toEqual([]);
    expect(unplaced).toEqual([
      { source: "patho/2020/test-1.pdf", reason: "its name matches no catalogue entry" },
      {
        source: "notes.docx",
        reason: "not a .pdf, picture (.jpg, .png, .webp, .gif, .tif, .avif), audio or video file",
      },
      {
        source: "a/patho-2019-test-1.pdf",
        reason: "2 files are for the file of patho-2019-test-1: keep one",
      },
      {
        source: "b/patho-2019-test-1.pdf",
        reason: "2 files are for the file of patho-2019-test-1: keep one",
      },
    ]);
  });

  it("takes a manifest's keys as written, in any case, and names a key the catalogue lacks", () => {
    const { planned, unplaced } = planManifestImport(
      [
        { key: "Patho-2019-Test-1", source: "/library/IMG_2931.pdf" },
        { key: "patho-1999-test-1", source: "/library/old.pdf" },
        { key: "pathology 2019 test 1", source: "/library/named.pdf" },
      ],
      KEYS,
    );
    expect(planned).toEqual([
      { source: "/library/IMG_2931.pdf", key: "patho-2019-test-1", role: "file" },
    ]);
    expect(unplaced).toEqual([
      { source: "/library/old.pdf", reason: 'no catalogue entry has the key "patho-1999-test-1"' },
      {
        source: "/library/named.pdf",
        reason:
          'no catalogue entry has the key "pathology 2019 test 1"; did you mean patho-2019-test-1 (Pathology 2019 Test 1)?',
      },
    ]);
  });

  it("places a file by the names people use, and never a guess", () => {
    const { planned, unplaced } = planFolderImport(
      ["Pathology/2019/Sessional Exam.pdf", "Maths/Grade 10 Indices.jpg", "Patho/2019/answers.pdf"],
      KEYS,
    );
    expect(planned).toEqual([
      { source: "Pathology/2019/Sessional Exam.pdf", key: "patho-2019-sessional", role: "file" },
      { source: "Maths/Grade 10 Indices.jpg", key: "mathematics-indices", role: "cover" },
    ]);
    expect(unplaced).toEqual([
      {
        source: "Patho/2019/answers.pdf",
        reason:
          "its name matches no catalogue entry; did you mean patho-2019-sessional-with-answers (Pathology 2019 Sessional with answers)?",
      },
    ]);
  });
});
