import { describe, expect, it } from "vitest";
import {
  ARGON2_PARAMS,
  hashForMissingUser,
  hashPassword,
  needsRehash,
  verifyPassword,
} from "./passwords.server";

/** The parameter part of a PHC string: `$argon2id$v=19$m=19456,t=2,p=1$`. */
const parametersOf = (hash: string) => hash.split("$").slice(1, 4).join("$");

describe("the stand-in hash for unknown usernames", () => {
  it("is made by the same function, with the same parameters, as a real password's hash", async () => {
    const [standIn, real] = [
      await hashForMissingUser(),
      await hashPassword("Chipata-Market-Day-2026"),
    ];
    expect(parametersOf(standIn)).toBe(
      `argon2id$v=19$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}`,
    );
    expect(parametersOf(standIn)).toBe(parametersOf(real));
    expect(needsRehash(standIn)).toBe(false);
  });

  it("is made once, and matches no password a student could type", async () => {
    expect(await hashForMissingUser()).toBe(await hashForMissingUser());
    expect(await verifyPassword(await hashForMissingUser(), "")).toBe(false);
    expect(await verifyPassword(await hashForMissingUser(), "missing-user-0.5")).toBe(false);
  });
});
