// `noConnection` when no response came; `unreadable` for one without a result (an empty 500).
export function resultOrWhenOffline<Result>(
  noConnection: Result,
  unreadable: Result = noConnection,
) {
  return async function clientAction({ serverAction }: { serverAction: () => Promise<Result> }) {
    try {
      return await serverAction();
    } catch (error) {
      if (error instanceof Response) throw error;
      return error instanceof TypeError ? noConnection : unreadable;
    }
  };
}
