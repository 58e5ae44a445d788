import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#server/logger";
import type { RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";

const STUDENT = {
  first_name: "Refuse",
  last_name: "Mulenga-Chisanga",
  username: "refused_student",
  email: "chisanga.refused@example.zm",
  password: "Kalulushi-river-2026!",
};

/**
 * A failed insert into users must not write the new account's values to the logs: the
 * failed query's parameters carry its argon2 hash, names and e-mail, and the database's own
 * detail text carries the whole row (docs/security.md#logs).
 */
describe.each(DATABASE_KINDS)("a failed account insert on %s", (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  const logLines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // Not a unique violation (those are answered as a taken name): a rule the row breaks,
    // so the insert really fails with the row's values in the database's detail text.
    await database.db.execute(
      sql.raw(`ALTER TABLE users ADD CONSTRAINT test_refuse CHECK (first_name <> 'Refuse')`),
    );
    server = await serveSite({
      database,
      logger: createLogger({
        level: "info",
        destination: new Writable({
          write(chunk, _encoding, done) {
            logLines.push(String(chunk));
            done();
          },
        }),
      }),
    });
  });
  afterAll(async () => {
    await server.close();
    await database.destroy();
  });

  it("logs the SQLSTATE code and constraint, and none of the account's values", async () => {
    const response = await fetch(`${server.url}/register/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(STUDENT),
    });
    expect(response.status).toBe(500);
    const log = logLines.join("");
    for (const value of [
      STUDENT.password,
      "$argon2",
      STUDENT.first_name,
      STUDENT.last_name,
      STUDENT.email,
      STUDENT.username,
    ]) {
      expect(log).not.toContain(value);
    }
    // The failure was logged, with what an operator needs to find it.
    expect(log).toContain('"code":"23514"');
    expect(log).toContain('"constraint":"test_refuse"');
    expect(log).toContain('"table":"users"');
  });
});
