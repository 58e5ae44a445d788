import type { ShouldRevalidateFunction } from "react-router";

/**
 * After a form's action answered with a refusal (`{ error }`, or no answer at all when the
 * connection dropped), the page's data has not changed: asking for it again would only fail
 * a second time on a dead connection, and take the form away with it.
 */
export const keepDataAfterRefusal: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) =>
  actionResult && typeof actionResult === "object" && "error" in actionResult
    ? false
    : defaultShouldRevalidate;
