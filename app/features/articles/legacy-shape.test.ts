import { describe, expect, it } from "vitest";
import { toLegacyListItem } from "#tests/setup/legacy-list-item";
import { LEGACY_BODY_FIELDS, toLegacyArticle, type ArticleForLegacy } from "./legacy-shape";

const absolute = (src: string) =>
  src.startsWith("https://") ? src : `https://studyzed.example${src}`;

const full: ArticleForLegacy = {
  id: 7,
  title: "How to plan",
  date: "2026-08-03",
  time: "07:30",
  poster: "Chipo Mwansa",
  position: "Teacher",
  images: [
    { src: "/images/a-1.webp" },
    { src: "/images/a-2.webp" },
    { src: "https://cdn.example/a-3.webp" },
  ],
  intro: ["i1", "i2", "i3", "i4"],
  groups: [1, 2].map((group) =>
    Array.from({ length: 7 }, (_, section) => ({
      heading: `g${group}s${section + 1}`,
      paragraphs: Array.from(
        { length: group === 2 && section === 6 ? 3 : 4 },
        (_, paragraph) => `g${group}s${section + 1}p${paragraph + 1}`,
      ),
    })),
  ),
  closingImage: { src: "/images/a-closing.webp" },
  keywords: ["revision", "grade 12"],
};

const EXPECTED_ORDER = [
  "id",
  "title",
  "date",
  "time",
  "poster",
  "position",
  "firstImage",
  "secondImage",
  "thirdImage",
  "introFirst",
  "introSecond",
  "introThird",
  "introFourth",
  "fparaBoldOne",
  "firstParagraphOne",
  "firstParagraphTwo",
  "firstParagraphThree",
  "firstParagraphFour",
  "firstParagraphBoldTwo",
  "firstParagraphFive",
  "firstParagraphSix",
  "firstParagraphSeven",
  "firstParagraphEight",
  "firstParagraphBoldThree",
  "firstParagraphNine",
  "firstParagraphTen",
  "firstParagraphEleven",
  "firstParagraphTwelve",
  "firstParagraphBoldFour",
  "firstParagraphThirteen",
  "firstParagraphFourteen",
  "firstParagraphFifteen",
  "firstParagraphSixteen",
  "firstParagraphBoldFive",
  "firstParagraphSeventeen",
  "firstParagraphEighteen",
  "firstParagraphNineteen",
  "firstParagraphTwenty",
  "firstParagraphBoldSix",
  "firstParagraphTwentyone",
  "firstParagraphTwentytwo",
  "firstParagraphTwentythree",
  "firstParagraphTwentyfour",
  "firstParagraphBoldSeven",
  "firstParagraphTwentyfive",
  "firstParagraphTwentysix",
  "firstParagraphTwentyseven",
  "firstParagraphTwentyeight",
  "secondParagraphBoldOne",
  "secondParagraphOne",
  "secondParagraphTwo",
  "secondParagraphThree",
  "secondParagraphFour",
  "secondParagraphBoldTwo",
  "secondParagraphFive",
  "secondParagraphSix",
  "secondParagraphSeven",
  "secondParagraphEight",
  "secondParagraphBoldThree",
  "secondParagraphNine",
  "secondParagraphTen",
  "secondParagraphEleven",
  "secondParagraphTwelve",
  "secondParagraphBoldFour",
  "secondParagraphThirteen",
  "secondParagraphFourteen",
  "secondParagraphFifteen",
  "secondParagraphSixteen",
  "secondParagraphBoldFive",
  "secondParagraphSeventeen",
  "secondParagraphEighteen",
  "secondParagraphNineteen",
  "secondParagraphTwenty",
  "secondParagraphBoldSix",
  "secondParagraphTwentyone",
  "secondParagraphTwentytwo",
  "secondParagraphTwentythree",
  "secondParagraphTwentyfour",
  "secondParagraphBoldSeven",
  "secondParagraphTwentyfive",
  "secondParagraphTwentysix",
  "secondParagraphTwentyseven",
  "secondParagraphTwentyeight",
  "oimg",
];

describe("the older backend's flat article", () => {
  it("has every field, in the older order", () => {
    expect(Object.keys(toLegacyArticle(full, absolute))).toEqual(EXPECTED_ORDER);
    expect(LEGACY_BODY_FIELDS).toHaveLength(70);
  });

  it("maps section k's paragraphs to fields 4k-3 to 4k, and keywords to secondParagraphTwentyeight", () => {
    const flat = toLegacyArticle(full, absolute);
    expect(flat).toMatchObject({
      fparaBoldOne: "g1s1",
      firstParagraphOne: "g1s1p1",
      firstParagraphFour: "g1s1p4",
      firstParagraphBoldTwo: "g1s2",
      firstParagraphFive: "g1s2p1",
      firstParagraphTwentyeight: "g1s7p4",
      secondParagraphBoldSeven: "g2s7",
      secondParagraphTwentyfive: "g2s7p1",
      secondParagraphTwentyseven: "g2s7p3",
      secondParagraphTwentyeight: "revision, grade 12",
      oimg: "https://studyzed.example/images/a-closing.webp",
      firstImage: "https://studyzed.example/images/a-1.webp",
      thirdImage: "https://cdn.example/a-3.webp",
    });
  });

  it("gives a sparse article every field too, as empty strings", () => {
    const sparse = toLegacyArticle(
      {
        ...full,
        position: "",
        images: [{ src: "/images/only.webp" }],
        intro: ["just one"],
        groups: [[{ heading: "Only", paragraphs: ["p"] }]],
        closingImage: null,
        keywords: [],
      },
      absolute,
    );
    expect(Object.keys(sparse)).toEqual(EXPECTED_ORDER);
    for (const [field, value] of Object.entries(sparse)) {
      if (field === "id") expect(value).toBe(7);
      else expect(typeof value, field).toBe("string");
    }
    expect(sparse).toMatchObject({
      secondImage: "",
      introSecond: "",
      firstParagraphTwo: "",
      firstParagraphBoldTwo: "",
      secondParagraphBoldOne: "",
      secondParagraphTwentyeight: "",
      oimg: "",
      position: "",
    });
  });

  it("lists an article with exactly id, title, date, time, firstImage and introFirst", () => {
    const row = { ...full, firstImageSrc: full.images[0]!.src, introFirst: full.intro[0]! };
    expect(toLegacyListItem(row, absolute)).toEqual({
      id: 7,
      title: "How to plan",
      date: "2026-08-03",
      time: "07:30",
      firstImage: "https://studyzed.example/images/a-1.webp",
      introFirst: "i1",
    });
    expect(
      toLegacyListItem({ ...row, firstImageSrc: null, introFirst: null }, absolute),
    ).toMatchObject({ firstImage: "", introFirst: "" });
  });
});
