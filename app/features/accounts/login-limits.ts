import { addressKey } from "#app/lib/address-key";
import type { RateCounter, RateRule } from "#app/lib/rate-limiter.server";

// Why these numbers: docs/security.md#login-and-registration-limits. A device that has signed in
// to a username before is limited on its own, so strangers' failures never lock a student out.
export const LIMITS = {
  usernameFailures: { limit: 10, windowSeconds: 15 * 60 },
  usernameFailuresPerDay: { limit: 50, windowSeconds: 24 * 60 * 60 },
  knownDeviceFailures: { limit: 10, windowSeconds: 15 * 60 },
  addressFailures: { limit: 200, windowSeconds: 15 * 60 },
  addressRegistrations: { limit: 150, windowSeconds: 60 * 60 },
  usernameSignIns: { limit: 20, windowSeconds: 15 * 60 },
  addressSignIns: { limit: 300, windowSeconds: 15 * 60 },
} satisfies Record<string, RateRule>;

type LoginAttempt = { usernameKey: string | null; address: string; knownDeviceId: string | null };
/** A password check keeps its places in `failures` when wrong, in `successes` when right. */
export type LoginCounters = { failures: RateCounter[]; successes: RateCounter[] };

export function loginCounters(attempt: LoginAttempt): LoginCounters {
  const { usernameKey, address, knownDeviceId } = attempt;
  const byAddress = addressKey(address);
  const successes = [
    { key: `signin-address:${byAddress}`, rule: LIMITS.addressSignIns },
    ...(usernameKey === null
      ? []
      : [{ key: `signin-user:${usernameKey}`, rule: LIMITS.usernameSignIns }]),
  ];
  if (knownDeviceId) {
    const key = `login-device:${knownDeviceId}:${usernameKey}`;
    return { failures: [{ key, rule: LIMITS.knownDeviceFailures }], successes };
  }
  const failures = [{ key: `login-address:${byAddress}`, rule: LIMITS.addressFailures }];
  if (usernameKey !== null)
    failures.push(
      { key: `login-user:${usernameKey}`, rule: LIMITS.usernameFailures },
      { key: `login-user:${usernameKey}`, rule: LIMITS.usernameFailuresPerDay },
    );
  return { failures, successes };
}

export function registrationCounters(address: string): RateCounter[] {
  return [{ key: `register:${addressKey(address)}`, rule: LIMITS.addressRegistrations }];
}
