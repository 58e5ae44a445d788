import { describe, expect, it } from "vitest";
import { LIMITS, loginCounters } from "./login-limits";

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
