export type RateRule = { limit: number; windowSeconds: number };
export type RateCounter = { key: string; rule: RateRule };

export type Reservation =
  | {
      allowed: true;
      /** Gives the places back, in the windows they were taken from: the attempt did not count. */
      giveBack(): Promise<void>;
    }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed-window counters, in memory by default or in Redis (REDIS_URL) so that several
 * server processes share them.
 *
 * `reserve` takes one place in every counter at once, atomically, or none when any is full:
 * an attempt holds its place before the work it limits (a password check) starts, so
 * attempts sent in parallel can never pass a limit together (docs/security.md, "Login and
 * registration limits").
 */
export interface RateLimiter {
  reserve(counters: readonly RateCounter[]): Promise<Reservation>;
  close(): Promise<void>;
}
