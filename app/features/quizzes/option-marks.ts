// How an option reads once answers are marked, on the server's page and in the page scripts
// (docs/decisions/0100-one-control-and-marked-options.md).
import type { Choice } from "./scoring";

export type OptionMark = "right" | "wrong" | undefined;

/** The key's option is right whether chosen or not, a chosen other is wrong, the rest unmarked. */
export function optionMark(option: Choice, key: Choice, choice: Choice): OptionMark {
  if (option === key) return "right";
  return option === choice ? "wrong" : undefined;
}

/** Marks an option's label: its colour by `data-mark`, its words by showing the fitting text. */
export function showMark(label: HTMLElement, mark: OptionMark) {
  if (mark) label.dataset.mark = mark;
  else delete label.dataset.mark;
  for (const text of label.querySelectorAll<HTMLElement>(".option__mark"))
    text.hidden = !mark || !text.classList.contains(`option__mark--${mark}`);
}
