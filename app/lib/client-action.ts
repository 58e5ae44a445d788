import type { ShouldRevalidateFunction } from "react-router";

// `noConnection` when no response came, or one without a result (an empty 500).
export function resultOrWhenOffline<Result>(noConnection: Result) {
  return async function clientAction({ serverAction }: { serverAction: () => Promise<Result> }) {
    try {
      return await serverAction();
    } catch (error) {
      if (error instanceof Response) throw error;
      return noConnection;
    }
  };
}

// After a refusal the data is unchanged; on a dead connection, loading it would lose the form.
export const keepDataAfterRefusal: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) =>
  actionResult && typeof actionResult === "object" && "error" in actionResult
    ? false
    : defaultShouldRevalidate;
