/** Work refused because as much is already running and waiting as the bound allows. */
export class BusyError extends Error {
  override name = "BusyError";
}

/**
 * Runs at most `running` pieces of work at once; up to `waiting` more wait their turn, in
 * order, and anything beyond is refused at once with a BusyError. For work that would
 * otherwise take every core, such as password hashing under a burst of logins.
 */
export function boundedWork({ running, waiting }: { running: number; waiting: number }) {
  let active = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    active--;
    queue.shift()?.();
  };
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (active >= running) {
      if (queue.length >= waiting) throw new BusyError("too much work waiting");
      await new Promise<void>((start) => queue.push(start));
    }
    active++;
    try {
      return await work();
    } finally {
      next();
    }
  };
}
