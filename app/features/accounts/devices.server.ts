import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readCookie } from "#app/lib/cookies";

/**
 * Device cookies (docs/security.md, "Login and registration limits"): after a successful
 * login in a browser, that browser holds a signed note "this device has signed in as this
 * username". Its attempts for that username count against its own limit, never against
 * the limit that strangers' failures fill, so an attack on a student's account does not
 * keep the student out of it on their own phone.
 */
const DEVICE_COOKIE_SECONDS = 180 * 24 * 60 * 60;
/** Phones are shared: a device remembers this many accounts, the latest first. */
const ACCOUNTS_PER_DEVICE = 5;
const ENTRY = /^([\w-]{22})\.([\w-]{43})$/;

/** Only the login form reads it, so no other request carries its bytes. */
const COOKIE_PATH = "/login";

function cookieName(https: boolean): string {
  return https ? "__Secure-studyzed_device" : "studyzed_device";
}

function signatureOf(secret: string, deviceId: string, usernameKey: string): Buffer {
  return createHmac("sha256", secret).update(`device-cookie\0${deviceId}\0${usernameKey}`).digest();
}

type Entry = { deviceId: string; signature: string };

function entriesOf(cookieHeader: string | null | undefined, https: boolean): Entry[] {
  const value = readCookie(cookieHeader, cookieName(https));
  if (!value) return [];
  return value
    .split("~")
    .slice(0, ACCOUNTS_PER_DEVICE)
    .flatMap((part) => {
      const match = ENTRY.exec(part);
      return match ? [{ deviceId: match[1]!, signature: match[2]! }] : [];
    });
}

function signs(secret: string, entry: Entry, usernameKey: string): boolean {
  const expected = signatureOf(secret, entry.deviceId, usernameKey);
  const given = Buffer.from(entry.signature, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A login's view of its device: the cookies it sent, and the username it is for. */
type DeviceLogin = {
  cookieHeader: string | null | undefined;
  https: boolean;
  secret: string;
  usernameKey: string;
};

/** The id of this device if it has signed in as `usernameKey` before, else null. */
export function knownDeviceId({
  cookieHeader,
  https,
  secret,
  usernameKey,
}: DeviceLogin): string | null {
  return (
    entriesOf(cookieHeader, https).find((entry) => signs(secret, entry, usernameKey))?.deviceId ??
    null
  );
}

/**
 * The Set-Cookie value after `usernameKey` signed in on this device: its note first (the
 * same device id as before, if there was one), then the device's other accounts.
 */
export function deviceCookieAfterLogin({
  cookieHeader,
  https,
  secret,
  usernameKey,
}: DeviceLogin): string {
  const entries = entriesOf(cookieHeader, https);
  const mine = entries.find((entry) => signs(secret, entry, usernameKey));
  const deviceId = mine?.deviceId ?? randomBytes(16).toString("base64url");
  const signature = signatureOf(secret, deviceId, usernameKey).toString("base64url");
  const kept = [{ deviceId, signature }, ...entries.filter((entry) => entry !== mine)].slice(
    0,
    ACCOUNTS_PER_DEVICE,
  );
  return [
    `${cookieName(https)}=${kept.map((entry) => `${entry.deviceId}.${entry.signature}`).join("~")}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${DEVICE_COOKIE_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(https ? ["Secure"] : []),
  ].join("; ");
}
