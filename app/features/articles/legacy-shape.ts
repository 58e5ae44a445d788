// Byte for byte, field order included (docs/requirements.md#the-older-apps-calls).

type ArticleImageRef = { src: string };
type ArticleSectionRef = { heading: string; paragraphs: readonly string[] };
export type ArticleForLegacy = {
  id: number;
  title: string;
  date: string;
  time: string;
  poster: string;
  position: string;
  images: readonly (ArticleImageRef | undefined)[];
  intro: readonly string[];
  groups: readonly (readonly ArticleSectionRef[])[];
  closingImage: ArticleImageRef | null;
  keywords: readonly string[];
};

const NUMBER_WORDS = (
  "One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve Thirteen Fourteen Fifteen " +
  "Sixteen Seventeen Eighteen Nineteen Twenty Twentyone Twentytwo Twentythree Twentyfour " +
  "Twentyfive Twentysix Twentyseven Twentyeight"
).split(" ");

const GROUP_PREFIXES = ["first", "second"] as const;

export const LEGACY_BODY_FIELDS: readonly string[] = GROUP_PREFIXES.flatMap((prefix) =>
  Array.from({ length: 7 }, (_, section) => [
    // The older backend named the very first heading "fparaBoldOne", unlike the rest.
    prefix === "first" && section === 0
      ? "fparaBoldOne"
      : `${prefix}ParagraphBold${NUMBER_WORDS[section]}`,
    ...Array.from(
      { length: 4 },
      (_, paragraph) => `${prefix}Paragraph${NUMBER_WORDS[section * 4 + paragraph]}`,
    ),
  ]).flat(),
);

export function toLegacyArticle(article: ArticleForLegacy, absolute: (src: string) => string) {
  const flat: Record<string, string | number> = {
    id: article.id,
    title: article.title,
    date: article.date,
    time: article.time,
    poster: article.poster,
    position: article.position,
    firstImage: imageUrl(article.images[0], absolute),
    secondImage: imageUrl(article.images[1], absolute),
    thirdImage: imageUrl(article.images[2], absolute),
    introFirst: article.intro[0] ?? "",
    introSecond: article.intro[1] ?? "",
    introThird: article.intro[2] ?? "",
    introFourth: article.intro[3] ?? "",
  };
  let field = 0;
  for (const [groupIndex] of GROUP_PREFIXES.entries()) {
    const sections = article.groups[groupIndex] ?? [];
    for (let section = 0; section < 7; section++) {
      flat[LEGACY_BODY_FIELDS[field++]!] = sections[section]?.heading ?? "";
      for (let paragraph = 0; paragraph < 4; paragraph++)
        flat[LEGACY_BODY_FIELDS[field++]!] = sections[section]?.paragraphs[paragraph] ?? "";
    }
  }
  flat.secondParagraphTwentyeight = article.keywords.join(", ");
  flat.oimg = imageUrl(article.closingImage ?? undefined, absolute);
  return flat;
}

function imageUrl(image: ArticleImageRef | undefined, absolute: (src: string) => string): string {
  return image?.src ? absolute(image.src) : "";
}
