import { availableParallelism } from "node:os";
import { RateLimiterMemory } from "rate-limiter-flexible";

/**
 * Each client's share of this process's time spent rendering what the response cache does not
 * hold: page variants, searches, share cards, downloads (docs/security.md#work-per-client).
 */
export function clientBudget({
  share = 0.1,
  windowSeconds = 5,
  cores = availableParallelism(),
}: {
  share?: number;
  windowSeconds?: number;
  cores?: number;
}) {
  const budgetMs = Math.round(share * cores * windowSeconds * 1000);
  const spent = new RateLimiterMemory({ points: budgetMs, duration: windowSeconds });
  return {
    /** Seconds to wait when the client has spent its share, else null. */
    async waitFor(client: string): Promise<number | null> {
      const used = await spent.get(client);
      if (!used || used.consumedPoints < budgetMs) return null;
      return Math.max(1, Math.ceil(used.msBeforeNext / 1000));
    },
    charge(client: string, ms: number) {
      void spent.penalty(client, Math.max(1, Math.ceil(ms)));
    },
  };
}
