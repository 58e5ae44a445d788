import { describe, expect, it } from "vitest";
import { addressKey, LIMITS, loginCounters } from "./login-limits";

describe("addressKey", () => {
  it("keeps an IPv4 address whole, also when it arrives IPv4-mapped", () => {
    expect(addressKey("41.72.100.7")).toBe("41.72.100.7");
    expect(addressKey("::ffff:41.72.100.7")).toBe("41.72.100.7");
  });

  it("groups IPv6 addresses by their /64 network", () => {
    expect(addressKey("2c0f:fe38:2000:1::1")).toBe("2c0f:fe38:2000:1::/64");
    expect(addressKey("2c0f:fe38:2000:0001:aaaa:bbbb:cccc:dddd")).toBe("2c0f:fe38:2000:1::/64");
    expect(addressKey("2C0F:FE38::9")).toBe("2c0f:fe38:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });
});

describe("loginCounters", () => {
  it("limits a device that has signed in to the username on its own", () => {
    expect(
      loginCounters({ usernameKey: "mwila", address: "10.0.0.1", knownDeviceId: "d1" }).failures,
    ).toEqual([{ key: "login-device:d1:mwila", rule: LIMITS.knownDeviceFailures }]);
  });

  it("limits any other attempt by its address and by the username", () => {
    const { failures } = loginCounters({
      usernameKey: "mwila",
      address: "10.0.0.1",
      knownDeviceId: null,
    });
    expect(failures.map((counter) => counter.key)).toEqual([
      "login-address:10.0.0.1",
      "login-user:mwila",
      "login-user:mwila",
    ]);
  });

  it("limits right passwords by address and by account, on a known device too", () => {
    for (const knownDeviceId of [null, "d1"])
      expect(
        loginCounters({ usernameKey: "mwila", address: "10.0.0.1", knownDeviceId }).successes,
      ).toEqual([
        { key: "signin-address:10.0.0.1", rule: LIMITS.addressSignIns },
        { key: "signin-user:mwila", rule: LIMITS.usernameSignIns },
      ]);
  });

  it("lets a class of 60 behind one address mistype twice each and register together", () => {
    expect(LIMITS.addressFailures.limit).toBeGreaterThanOrEqual(60 * 2);
    expect(LIMITS.addressRegistrations.limit).toBeGreaterThanOrEqual(60);
    expect(LIMITS.addressSignIns.limit).toBeGreaterThanOrEqual(60 * 2);
    expect(LIMITS.usernameFailures.limit).toBeGreaterThan(2);
  });
});
