import { describe, expect, it } from "vitest";
import { auditSentence, auditTime, type LoggedChange } from "./audit-sentences";

const AT = new Date("2026-11-27T14:02:31Z");
const NAMES: Record<string, string> = {
  "biology-cell-biology": "Biology Grade 10 Cell Biology",
  "patho-2019-test-1": "Pathology 2019 Test 1",
};
const by = (change: Partial<LoggedChange>) =>
  auditSentence(
    {
      actor: "mwila",
      actorName: "Mwila",
      action: "",
      target: "",
      details: {},
      createdAt: AT,
      ...change,
    },
    (key) => NAMES[key],
  );
const FORM = {
  title: "Cell Biology",
  isFree: false,
  priceNgwee: 400,
  crossedOutPrice: null,
  grade: "Ten",
  year: null,
  label: null,
  brainBooster: null,
};

describe("the audit log in sentences", () => {
  it("says when in day, month, year and UTC time", () => {
    expect(auditTime(AT)).toBe("27 Nov 2026 14:02 UTC");
  });

  it("says what changed in a material's details, from what to what", () => {
    expect(
      by({
        action: "material.update",
        target: "material biology-cell-biology",
        details: { ...FORM, isFree: true, priceNgwee: null, before: FORM },
      }),
    ).toBe(
      "Mwila changed the price of Biology Grade 10 Cell Biology from 4 ZMW to Free, 27 Nov 2026 14:02 UTC.",
    );
    expect(
      by({
        action: "material.update",
        target: "material biology-cell-biology",
        details: { ...FORM, title: "Cells", priceNgwee: 450, before: FORM },
      }),
    ).toBe(
      "Mwila changed the title of Biology Grade 10 Cell Biology from “Cell Biology” to “Cells” and the price from 4 ZMW to 4.50 ZMW, 27 Nov 2026 14:02 UTC.",
    );
    expect(
      by({ action: "material.update", target: "material biology-cell-biology", details: FORM }),
    ).toBe(
      "Mwila saved the details of Biology Grade 10 Cell Biology: title “Cell Biology”, price 4 ZMW, crossed-out price none, grade Ten, year none, label none, Brain Booster none, 27 Nov 2026 14:02 UTC.",
    );
  });

  it("says which file, cover or link was put behind an entry", () => {
    expect(
      by({
        actor: "content:import",
        actorName: null,
        action: "material.replace-file",
        target: "material patho-2019-test-1",
        details: {
          fileName: "Sessional.pdf",
          downloadName: "Pathology 2019 Test 1.pdf",
          byteSize: 2_100_000,
          sha256: "ab",
        },
      }),
    ).toBe(
      "The importer put a new file behind Pathology 2019 Test 1: “Sessional.pdf”, 2.1 MB, downloaded as “Pathology 2019 Test 1.pdf”, 27 Nov 2026 14:02 UTC.",
    );
    expect(
      by({
        action: "material.replace-image",
        target: "material patho-2019-test-1",
        details: { src: "/files/ab.webp" },
      }),
    ).toBe("Mwila put a new cover on Pathology 2019 Test 1, 27 Nov 2026 14:02 UTC.");
    expect(
      by({
        action: "material.set-external-link",
        target: "material gone-entry",
        details: { url: "https://files.example/a.pdf", byteSize: 1_200_000 },
      }),
    ).toBe(
      "Mwila pointed gone-entry at a file elsewhere, https://files.example/a.pdf (1.2 MB), 27 Nov 2026 14:02 UTC.",
    );
  });

  it("names each article change with the article's title", () => {
    const article = (action: string) =>
      by({ action, target: "article 7", details: { title: "Exam tips" } });
    expect(article("article.create-draft")).toBe(
      "Mwila saved a new article, “Exam tips”, as a draft, 27 Nov 2026 14:02 UTC.",
    );
    expect(article("article.create-published")).toBe(
      "Mwila wrote and published the article “Exam tips”, 27 Nov 2026 14:02 UTC.",
    );
    expect(article("article.update")).toBe(
      "Mwila edited the article “Exam tips”, 27 Nov 2026 14:02 UTC.",
    );
    expect(article("article.update-published")).toBe(
      "Mwila edited and published the article “Exam tips”, 27 Nov 2026 14:02 UTC.",
    );
    expect(article("article.publish")).toBe(
      "Mwila published the article “Exam tips”, 27 Nov 2026 14:02 UTC.",
    );
    expect(article("article.unpublish")).toBe(
      "Mwila unpublished the article “Exam tips”, 27 Nov 2026 14:02 UTC.",
    );
    expect(article("article.delete")).toBe(
      "Mwila deleted the article “Exam tips”, 27 Nov 2026 14:02 UTC.",
    );
  });

  it("says what the command line did to an account", () => {
    const command = { actor: "command line", actorName: null, target: "user chief" };
    expect(by({ ...command, action: "user.create-admin" })).toBe(
      "The server's command line made a new admin, chief, 27 Nov 2026 14:02 UTC.",
    );
    expect(by({ ...command, action: "user.promote-admin" })).toBe(
      "The server's command line made chief, who had an account already, an admin, 27 Nov 2026 14:02 UTC.",
    );
  });

  it("still reads as words for an action it does not know, and names an admin without a name by username", () => {
    expect(
      by({
        actor: "chanda",
        actorName: null,
        action: "quiz.retire",
        target: "quiz sets",
        details: { title: "Sets", nested: { a: 1 } },
      }),
    ).toBe("chanda did “quiz.retire” to quiz sets (title: Sets), 27 Nov 2026 14:02 UTC.");
  });
});
