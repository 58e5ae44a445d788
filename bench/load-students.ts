/**
 * What a student does next, once registered. Mostly reading: pages, the app's article
 * list and articles; a sixth of taps start a download; now and then a login (a new phone,
 * a cleared browser); a class: joining it once with a quiz attempt, then My classes, and the
 * teacher opening the class page.
 */
export type Action =
  "register" | "login" | "page" | "list" | "data" | "download" | "class" | "class page";

/** Percentages of taps; they add up to 100. */
const WEIGHTS: [Exclude<Action, "register">, number][] = [
  ["page", 44],
  ["class", 5],
  ["class page", 3],
  ["list", 10],
  ["data", 17],
  ["download", 17],
  ["login", 4],
];

/** The action for a uniform random number in [0, 1). */
export function pickAction(random: number): Exclude<Action, "register"> {
  let total = 0;
  for (const [action, weight] of WEIGHTS) {
    total += weight;
    if (random * 100 < total) return action;
  }
  return "page";
}
