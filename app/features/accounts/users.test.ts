import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, TEST_PASSWORD } from "#tests/setup/accounts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";
import { hashForMissingUser } from "./passwords.server";
import { checkCredentials, findUserByUsername } from "./users.server";

describe.each(DATABASE_KINDS)("checking credentials on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await createTestUser(database.db, "known-student");
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** A password check that records which stored hash it was asked to compare with. */
  const watchedVerify = () => {
    const hashes: string[] = [];
    const verify = (storedHash: string) => {
      hashes.push(storedHash);
      return Promise.resolve(false);
    };
    return { hashes, verify };
  };

  it("checks an unknown username against the stand-in hash, exactly once, as it would a real one", async () => {
    const watched = watchedVerify();
    expect(
      await checkCredentials({
        db: database.db,
        client: "10.0.0.1",
        username: "nobody-at-all",
        password: "whatever-1",
        verify: watched.verify,
      }),
    ).toBeNull();
    expect(watched.hashes).toEqual([await hashForMissingUser()]);
  });

  it("checks a known username against its own hash, exactly once", async () => {
    const watched = watchedVerify();
    expect(
      await checkCredentials({
        db: database.db,
        client: "10.0.0.1",
        username: "known-student",
        password: "not-it",
        verify: watched.verify,
      }),
    ).toBeNull();
    const user = await findUserByUsername({ db: database.db, username: "known-student" });
    expect(watched.hashes).toEqual([user!.passwordHash]);
  });

  it("returns the user for the right password, whatever the case of the username", async () => {
    expect(
      await checkCredentials({
        db: database.db,
        client: "10.0.0.1",
        username: " KNOWN-Student ",
        password: TEST_PASSWORD,
      }),
    ).toMatchObject({ username: "known-student", role: "student" });
  });
});
