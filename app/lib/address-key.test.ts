import { describe, expect, it } from "vitest";
import { addressKey } from "./address-key";

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
