import type { ShouldRevalidateFunction } from "react-router";

// After a refusal the data is unchanged; on a dead connection, loading it would lose the form.
export const keepDataAfterRefusal: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) =>
  actionResult && typeof actionResult === "object" && "error" in actionResult
    ? false
    : defaultShouldRevalidate;
