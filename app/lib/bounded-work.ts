export class BusyError extends Error {
  override name = "BusyError";
}

type Bounds = { running: number; waiting: number; waitingPerClient?: number };

/**
 * At most `running` pieces of work at once. The rest wait, one queue per client, served in
 * turn: a client with fifty waiting delays another client's one by one turn, not fifty.
 */
export function boundedWork({ running, waiting, waitingPerClient = waiting }: Bounds) {
  let active = 0;
  let queued = 0;
  // A Map keeps insertion order: the client served last goes to the back.
  const queues = new Map<string, (() => void)[]>();
  const next = () => {
    const [client, queue] = queues.entries().next().value ?? [];
    if (client === undefined || !queue) return void active--;
    queues.delete(client);
    if (queue.length > 1) queues.set(client, queue);
    queued--;
    queue.shift()!(); // the place passes straight on: nothing can slip in between
  };
  return async function run<T>(work: () => Promise<T>, client = ""): Promise<T> {
    if (active < running) active++;
    else {
      const queue = queues.get(client) ?? [];
      if (queued >= waiting || queue.length >= waitingPerClient)
        throw new BusyError("too much work waiting");
      queued++;
      queues.set(client, queue);
      await new Promise<void>((start) => queue.push(start));
    }
    try {
      return await work();
    } finally {
      next();
    }
  };
}
