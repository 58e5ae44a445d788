/**
 * An option's mark once answers are marked: the words carry it, the colour only repeats it
 * (docs/decisions/0100-one-control-and-marked-options.md). Inside the option's label, so a
 * screen reader hears it with the option.
 */
export function OptionMarkText({ mark, hidden }: { mark: "right" | "wrong"; hidden: boolean }) {
  return (
    <strong className={`option__mark option__mark--${mark}`} hidden={hidden}>
      <span aria-hidden="true">{mark === "right" ? "✓ " : "✗ "}</span>
      {mark === "right" ? "Right answer" : "Your answer: wrong"}
    </strong>
  );
}
