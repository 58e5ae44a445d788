/**
 * A hydrated page's clientAction: the server action's result, or `noConnection` when fetch
 * failed (no response came), or `unreadable` for a response without a result (an empty 500).
 * A redirect goes on as usual.
 */
export function resultOrWhenOffline<Result>(
  noConnection: Result,
  unreadable: Result = noConnection,
) {
  return async function clientAction({
    serverAction,
  }: {
    serverAction: () => Promise<Result>;
  }): Promise<Result> {
    try {
      return await serverAction();
    } catch (error) {
      if (error instanceof Response) throw error;
      return error instanceof TypeError ? noConnection : unreadable;
    }
  };
}
