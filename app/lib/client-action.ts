/**
 * A form's clientAction: the server's answer when there is one, and `noAnswer` when the
 * connection dropped before it came, so the page shows a message instead of breaking.
 * (A redirect the server asked for goes on as usual.)
 */
export function answerOrWhenOffline<Result>(noAnswer: Result) {
  return async function clientAction({
    serverAction,
  }: {
    serverAction: () => Promise<Result>;
  }): Promise<Result> {
    try {
      return await serverAction();
    } catch (error) {
      if (error instanceof Response) throw error;
      return noAnswer;
    }
  };
}
