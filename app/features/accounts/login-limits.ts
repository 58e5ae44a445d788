import { isIPv4, isIPv6 } from "node:net";
import type { RateCounter, RateRule } from "#app/lib/rate-limiter.server";

// Why these numbers: docs/security.md#login-and-registration-limits. A device that has signed in
// to a username before is limited on its own, so strangers' failures never lock a student out.
export const LIMITS = {
  usernameFailures: { limit: 10, windowSeconds: 15 * 60 },
  usernameFailuresPerDay: { limit: 50, windowSeconds: 24 * 60 * 60 },
  knownDeviceFailures: { limit: 10, windowSeconds: 15 * 60 },
  addressFailures: { limit: 200, windowSeconds: 15 * 60 },
  addressRegistrations: { limit: 150, windowSeconds: 60 * 60 },
} satisfies Record<string, RateRule>;

type LoginAttempt = { usernameKey: string | null; address: string; knownDeviceId: string | null };

export function loginCounters(attempt: LoginAttempt): RateCounter[] {
  const { usernameKey, address, knownDeviceId } = attempt;
  if (knownDeviceId)
    return [
      { key: `login-device:${knownDeviceId}:${usernameKey}`, rule: LIMITS.knownDeviceFailures },
    ];
  const byAddress = { key: `login-address:${addressKey(address)}`, rule: LIMITS.addressFailures };
  if (usernameKey === null) return [byAddress];
  return [
    byAddress,
    { key: `login-user:${usernameKey}`, rule: LIMITS.usernameFailures },
    { key: `login-user:${usernameKey}`, rule: LIMITS.usernameFailuresPerDay },
  ];
}

export function registrationCounters(address: string): RateCounter[] {
  return [{ key: `register:${addressKey(address)}`, rule: LIMITS.addressRegistrations }];
}

/** An IPv6 address counts by its /64: one home or phone is given a whole /64. */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head = "", tail = ""] = address.split("::");
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":") : [];
  const missing = address.includes("::") ? 8 - headParts.length - tailParts.length : 0;
  const groups = [...headParts, ...Array<string>(missing).fill("0"), ...tailParts];
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
