import { isIPv4, isIPv6 } from "node:net";
import type { RateCounter, RateRule } from "#app/lib/rate-limiter.server";

/**
 * The numbers behind the login and registration limits, and why they are what they are,
 * are in docs/security.md, "Login and registration limits". In short: a username's limits
 * are strict and count only failures from devices that have never signed in to it; an
 * address's limits are loose enough for a school lab or a mobile network that puts a whole
 * class behind one address.
 */
export const LIMITS = {
  /** Wrong passwords for one username, from devices that have not signed in to it. */
  usernameFailures: { limit: 10, windowSeconds: 15 * 60 },
  usernameFailuresPerDay: { limit: 50, windowSeconds: 24 * 60 * 60 },
  /** Wrong passwords for one username from one device that has signed in to it before. */
  knownDeviceFailures: { limit: 10, windowSeconds: 15 * 60 },
  /** Wrong passwords from one address, for any usernames: 60 students mistyping twice pass. */
  addressFailures: { limit: 200, windowSeconds: 15 * 60 },
  /** Registrations from one address, valid or not: a class of 60 registers in a minute. */
  addressRegistrations: { limit: 150, windowSeconds: 60 * 60 },
} satisfies Record<string, RateRule>;

/**
 * The counters a login attempt takes a place in. A device that has signed in to this
 * username before is limited on its own; any other attempt is limited by its address and by
 * the username's shared limits.
 */
export function loginCounters({
  usernameKey,
  address,
  knownDeviceId,
}: {
  usernameKey: string;
  address: string;
  knownDeviceId: string | null;
}): RateCounter[] {
  if (knownDeviceId)
    return [
      { key: `login-device:${knownDeviceId}:${usernameKey}`, rule: LIMITS.knownDeviceFailures },
    ];
  return [
    { key: `login-address:${addressKey(address)}`, rule: LIMITS.addressFailures },
    { key: `login-user:${usernameKey}`, rule: LIMITS.usernameFailures },
    { key: `login-user:${usernameKey}`, rule: LIMITS.usernameFailuresPerDay },
  ];
}

/** An attempt with a name no account can have is limited by its address alone. */
export function unknownNameCounters(address: string): RateCounter[] {
  return [{ key: `login-address:${addressKey(address)}`, rule: LIMITS.addressFailures }];
}

export function registrationCounters(address: string): RateCounter[] {
  return [{ key: `register:${addressKey(address)}`, rule: LIMITS.addressRegistrations }];
}

/**
 * The part of an address one client controls: an IPv4 address whole, an IPv6 address by
 * its /64 network, since one home or phone is given a whole /64 and can use any address in it.
 */
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
