import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readCookie } from "#app/lib/cookies";
import { setCookie } from "./sessions.server";

// A browser that has signed in as a username holds a signed note saying so, and its attempts
// for that name count against its own limit (docs/security.md#login-and-registration-limits).
const DEVICE_COOKIE_SECONDS = 180 * 24 * 60 * 60;
/** Phones are shared: a device remembers this many accounts, the latest first. */
const ACCOUNTS_PER_DEVICE = 5;
const ENTRY = /^([\w-]{22})\.([\w-]{43})$/;

const cookieName = (https: boolean) => (https ? "__Secure-studyzed_device" : "studyzed_device");

type DeviceLoginArgs = {
  cookieHeader: string | null;
  https: boolean;
  secret: string;
  usernameKey: string;
};

export function deviceLogin(login: DeviceLoginArgs) {
  const { cookieHeader, https, secret, usernameKey } = login;
  const sign = (deviceId: string) =>
    createHmac("sha256", secret).update(`device-cookie\0${deviceId}\0${usernameKey}`).digest();
  const entries = (readCookie(cookieHeader, cookieName(https)) ?? "")
    .split("~")
    .slice(0, ACCOUNTS_PER_DEVICE)
    .flatMap((part) => {
      const match = ENTRY.exec(part);
      return match ? [{ deviceId: match[1]!, signature: match[2]! }] : [];
    });
  const mine = entries.find((entry) => {
    const given = Buffer.from(entry.signature, "base64url");
    const expected = sign(entry.deviceId);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return {
    knownDeviceId: mine?.deviceId ?? null,
    cookieAfterLogin(): string {
      const deviceId = mine?.deviceId ?? randomBytes(16).toString("base64url");
      const note = { deviceId, signature: sign(deviceId).toString("base64url") };
      const value = [note, ...entries.filter((entry) => entry !== mine)]
        .slice(0, ACCOUNTS_PER_DEVICE)
        .map((entry) => `${entry.deviceId}.${entry.signature}`)
        .join("~");
      // Only the login form reads it, so no other request carries its bytes.
      return setCookie(cookieName(https), value, {
        https,
        maxAgeSeconds: DEVICE_COOKIE_SECONDS,
        path: "/login",
      });
    },
  };
}
