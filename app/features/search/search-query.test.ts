import { describe, expect, it } from "vitest";
import {
  MAX_QUERY_LENGTH,
  MAX_QUERY_WORDS,
  mayBeMisspelt,
  readSearchQuery,
  wordsToFind,
} from "./search-query";

describe("readSearchQuery", () => {
  it("keeps letters and digits only, lower-cased", () => {
    expect(readSearchQuery("  Patho 2019: Sessional (with answers)! ").words).toEqual([
      "patho",
      "2019",
      "sessional",
      "with",
      "answers",
    ]);
  });

  it("drops tsquery and SQL syntax, quotes and backslashes", () => {
    const query = readSearchQuery(`a & | ! :* ' " \\ ; drop table users; --`);
    expect(query.words).toEqual(["a", "drop", "table", "users"]);
    expect(query.words.join(" ")).not.toMatch(/[&|!:*'"\\;-]/);
  });

  it("makes course codes and grades one way of writing", () => {
    expect(readSearchQuery("MA-110").words).toEqual(["ma110"]);
    expect(readSearchQuery("bi 110 2019").words).toEqual(["bi110", "2019"]);
    expect(readSearchQuery("g11 functions").words).toEqual(["grade", "11", "functions"]);
    expect(readSearchQuery("Grade11").words).toEqual(["grade", "11"]);
    expect(readSearchQuery("gr 12 cells").words).toEqual(["grade", "12", "cells"]);
  });

  it("keeps letters of any language", () => {
    expect(readSearchQuery("Résumé naïve").words).toEqual(["résumé", "naïve"]);
  });

  it("turns control characters into spaces", () => {
    const query = readSearchQuery("cell\u0000biology\u0007\tnotes\u200b");
    expect(query.text).toBe("cell biology notes");
    expect(query.words).toEqual(["cell", "biology", "notes"]);
  });

  it("caps the length and the number of words, and says so", () => {
    const long = readSearchQuery("x".repeat(1000));
    expect(long.text).toHaveLength(MAX_QUERY_LENGTH);
    expect(long.shortened).toBe(true);
    const many = readSearchQuery("one two three four five six seven eight nine ten");
    expect(many.words).toHaveLength(MAX_QUERY_WORDS);
    expect(many.shortened).toBe(true);
    expect(readSearchQuery("cell biology").shortened).toBe(false);
  });

  it("reads an empty or blank query as no words", () => {
    expect(readSearchQuery("").words).toEqual([]);
    expect(readSearchQuery(" \u0000 ").text).toBe("");
  });
});

describe("mayBeMisspelt", () => {
  it("checks long words, never numbers or codes", () => {
    expect(mayBeMisspelt("quadratc")).toBe(true);
    expect(mayBeMisspelt("cel")).toBe(false);
    expect(mayBeMisspelt("bi110")).toBe(false);
    expect(mayBeMisspelt("memo")).toBe(false);
  });
});

describe("wordsToFind", () => {
  it("looks past the words every paper would hold", () => {
    expect(wordsToFind(["patho", "2019", "past", "papers"])).toEqual(["patho", "2019"]);
    expect(wordsToFind(["bi110", "paper"])).toEqual(["bi110"]);
  });

  it("keeps a synonym's phrase as one", () => {
    expect(wordsToFind(["patho", "2019", "marking", "scheme", "past", "papers"])).toEqual([
      "patho",
      "2019",
      "marking scheme",
    ]);
    expect(wordsToFind(["marking", "memo", "key"])).toEqual(["marking", "memo", "key"]);
  });

  it("keeps them when there is nothing else to look for", () => {
    expect(wordsToFind(["past", "papers"])).toEqual(["past", "papers"]);
    expect(wordsToFind([])).toEqual([]);
  });
});
