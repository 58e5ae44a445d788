type LegacyListRow = {
  id: number;
  title: string;
  date: string;
  time: string;
  firstImageSrc: string | null;
  introFirst: string | null;
};

/**
 * GET /List/'s item for one article, byte for byte as the older backend sent it
 * (docs/requirements.md#the-older-apps-calls). The database makes each item's JSON text
 * (database/schema/articles.ts); legacy-list.server.test.ts holds the two equal.
 */
export function toLegacyListItem(row: LegacyListRow, absolute: (src: string) => string) {
  return {
    id: row.id,
    title: row.title,
    date: row.date,
    time: row.time,
    firstImage: row.firstImageSrc ? absolute(row.firstImageSrc) : "",
    introFirst: row.introFirst ?? "",
  };
}
