export class BusyError extends Error {
  override name = "BusyError";
}

type Bounds = {
  running: number;
  waiting: number;
  runningPerClient?: number;
  waitingPerClient?: number;
};

/**
 * At most `running` pieces of work at once, and `runningPerClient` of one client's. The rest
 * wait, one queue per client, served in turn: a client with fifty waiting delays another
 * client's one by one turn, not fifty.
 */
export function boundedWork(bounds: Bounds) {
  const { running, waiting, runningPerClient = running, waitingPerClient = waiting } = bounds;
  let active = 0;
  let queued = 0;
  const activeByClient = new Map<string, number>();
  // A Map keeps insertion order: the client served last goes to the back.
  const queues = new Map<string, (() => void)[]>();
  const canStart = (client: string) =>
    active < running && (activeByClient.get(client) ?? 0) < runningPerClient;
  const start = (client: string) => {
    active++;
    activeByClient.set(client, (activeByClient.get(client) ?? 0) + 1);
  };
  const finish = (client: string) => {
    active--;
    const left = activeByClient.get(client)! - 1;
    if (left === 0) activeByClient.delete(client);
    else activeByClient.set(client, left);
    // One place came free: the first client in turn that may use it takes it, straight away.
    for (const [next, queue] of queues) {
      if (!canStart(next)) continue;
      queues.delete(next);
      if (queue.length > 1) queues.set(next, queue);
      queued--;
      start(next);
      return queue.shift()!();
    }
  };
  return async function run<T>(work: () => Promise<T>, client = ""): Promise<T> {
    // Nothing waiting could start now, so a client that may start has no queue of its own.
    if (canStart(client)) start(client);
    else {
      const queue = queues.get(client) ?? [];
      if (queued >= waiting || queue.length >= waitingPerClient)
        throw new BusyError("too much work waiting");
      queued++;
      queues.set(client, queue);
      await new Promise<void>((begin) => queue.push(begin));
    }
    try {
      return await work();
    } finally {
      finish(client);
    }
  };
}
