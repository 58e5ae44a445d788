import { dueTodayText } from "../texts";

/**
 * "3 questions to review today", a link to /review. For a student not signed in the
 * offline helper fills it from the phone's own queue (docs/decisions/0085-review-works-without-javascript-and-offline.md).
 */
export function ReviewCount({ due, className }: { due: number | null; className?: string }) {
  return (
    <p
      className={`review-count ${className ?? ""}`}
      data-review-count={due === null ? "phone" : "account"}
      hidden={!due}
    >
      <a href="/review">{due ? dueTodayText(due) : ""}</a>
    </p>
  );
}
