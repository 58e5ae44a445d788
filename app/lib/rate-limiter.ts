export type RateRule = { limit: number; windowSeconds: number };
export type RateState = { allowed: boolean; retryAfterSeconds: number };

/**
 * Fixed-window counters, in memory by default or in Redis (REDIS_URL) so that several
 * server processes share them. `check` looks without counting (so a blocked login never
 * reaches the password hash: docs/security.md, "Login and registration limits"); `hit` counts one more.
 */
export interface RateLimiter {
  check(key: string, rule: RateRule): Promise<RateState>;
  hit(key: string, rule: RateRule): Promise<RateState>;
  close(): Promise<void>;
}
