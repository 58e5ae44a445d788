export class BusyError extends Error {
  override name = "BusyError";
}

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
