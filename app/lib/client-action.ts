/**
 * A form's clientAction: the server's answer when there is one; `noConnection` when the
 * request never reached the server or its answer never came (fetch fails with a TypeError),
 * so the page says so instead of breaking; and `unreadable` when an answer came that could
 * not be read (an empty 500, say), which is a failure without a text of its own.
 * (A redirect the server asked for goes on as usual.)
 */
export function answerOrWhenOffline<Result>(
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
