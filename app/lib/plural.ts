/**
 * A count and its noun, as people write them: "1 time", "2 times", "0 times", "1,250 times".
 * The plural is the noun with an "s" unless it is given ("1 entry", "3 entries").
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString("en")} ${count === 1 ? singular : plural}`;
}
