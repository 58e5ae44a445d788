import { availableParallelism } from "node:os";
import { RateLimiterMemory } from "rate-limiter-flexible";

/**
 * The server's time as the requests in flight share it: with more requests than cores, each
 * is given its part of every millisecond, not the whole. A request that waited behind 200
 * others is charged what it cost, not the queue's length, while a client with most of the
 * requests in flight is charged most of the server (docs/security.md#work-per-client).
 */
export function sharedTime({ cores, now }: { cores: number; now: () => number }) {
  let inFlight = 0;
  let shared = 0;
  let last = now();
  const advance = () => {
    const at = now();
    shared += (at - last) * Math.min(1, cores / Math.max(1, inFlight));
    last = at;
  };
  return {
    /** Starts a request's clock; the function it returns stops it and gives its share in ms. */
    start(): () => number {
      advance();
      inFlight++;
      const from = shared;
      let stopped: number | undefined;
      return () => {
        if (stopped === undefined) {
          advance();
          inFlight--;
          stopped = shared - from;
        }
        return stopped;
      };
    },
  };
}

/**
 * Each client's share of this process's time spent rendering what the response cache does not
 * hold: page variants, searches, share cards, downloads (docs/security.md#work-per-client).
 */
export function clientBudget({
  share = 0.1,
  windowSeconds = 5,
  cores = availableParallelism(),
  now = () => performance.now(),
}: {
  share?: number;
  windowSeconds?: number;
  cores?: number;
  now?: () => number;
}) {
  const budgetMs = Math.round(share * cores * windowSeconds * 1000);
  const spent = new RateLimiterMemory({ points: budgetMs, duration: windowSeconds });
  const time = sharedTime({ cores, now });
  return {
    /** Seconds to wait when the client has spent its share, else null. */
    async waitFor(client: string): Promise<number | null> {
      const used = await spent.get(client);
      if (!used || used.consumedPoints < budgetMs) return null;
      return Math.max(1, Math.ceil(used.msBeforeNext / 1000));
    },
    /** Times one request: the function it returns gives the request's share of the time. */
    time: () => time.start(),
    charge(client: string, ms: number) {
      void spent.penalty(client, Math.max(1, Math.ceil(ms)));
    },
  };
}
