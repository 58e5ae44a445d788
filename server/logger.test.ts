import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { serializeError } from "#app/lib/logger";
import { createLogger } from "./logger";

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger({ level: "info", destination }), lines };
}

describe("the logger", () => {
  it("never writes passwords or tokens, wherever they sit in a log entry", () => {
    const { logger, lines } = capture();
    logger.info(
      { password: "hunter2-secret", body: { password: "nested-secret", token: "tok-secret" } },
      "a",
    );
    logger.info({ response: { access: "access-secret", refresh: "refresh-secret" } }, "b");
    logger.info(
      { headers: { authorization: "Bearer header-secret", cookie: "sid=cookie-secret" } },
      "c",
    );
    const output = lines.join("");
    for (const secret of [
      "hunter2",
      "nested-secret",
      "tok-secret",
      "access-secret",
      "refresh-secret",
      "header-secret",
      "cookie-secret",
    ]) {
      expect(output).not.toContain(secret);
    }
    expect(output).toContain("[redacted]");
  });

  describe("writes a failed query's error without its values", () => {
    const HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo";
    const VALUES = ["Chanda", "Mwansa", "chanda.m@example.zm", HASH, "student"];

    /** Shaped as drizzle-orm's DrizzleQueryError, around a PostgreSQL error from the driver. */
    function failedInsert() {
      const query =
        'insert into "users" ("first_name", "last_name", "email", "password_hash", "role") values ($1, $2, $3, $4, $5)';
      const driverError = Object.assign(
        new Error('duplicate key value violates unique constraint "users_email_unique"'),
        {
          name: "error",
          severity: "ERROR",
          code: "23505",
          detail: "Key (email)=(chanda.m@example.zm) already exists.",
          where: `SQL statement "insert … ${HASH}"`,
          schema: "public",
          table: "users",
          constraint: "users_email_unique",
          // A cause of its own, two levels down, with the values again.
          cause: Object.assign(new Error("Connection terminated unexpectedly"), {
            params: VALUES,
          }),
        },
      );
      class DrizzleQueryError extends Error {
        constructor(
          readonly query: string,
          readonly params: unknown[],
          override readonly cause: Error,
        ) {
          super(`Failed query: ${query}\nparams: ${params.join(",")}`);
        }
      }
      return new DrizzleQueryError(query, VALUES, driverError);
    }

    it("keeps the class, SQL, SQLSTATE code, constraint, table and stack", () => {
      const written = JSON.stringify(serializeError(failedInsert()));
      expect(written).toContain('"type":"DrizzleQueryError"');
      expect(written).toContain("Failed query: insert into");
      expect(written).toContain('"code":"23505"');
      expect(written).toContain('"constraint":"users_email_unique"');
      expect(written).toContain('"table":"users"');
      expect(written).toContain("logger.test.ts");
      expect(written).toContain("Connection terminated unexpectedly");
      for (const value of [...VALUES, "$argon2", "Key (email)"]) {
        expect(written).not.toContain(value);
      }
      expect(written).not.toMatch(/"(params|detail|where)"/);
    });

    it("through the logger, at any depth of cause", () => {
      const { logger, lines } = capture();
      logger.error({ err: failedInsert() }, "request failed");
      logger.error(failedInsert(), "logged as the error itself");
      logger.error({ err: new Error("wrapped", { cause: failedInsert() }) }, "wrapped");
      const output = lines.join("");
      expect(lines).toHaveLength(3);
      for (const value of [...VALUES, "$argon2", "Key (email)"]) {
        expect(output).not.toContain(value);
      }
      expect(output).not.toMatch(/"(params|detail|where)"/);
      expect(output.match(/"code":"23505"/g)).toHaveLength(3);
    });

    it("leaves out the value a data error quotes in its message", () => {
      const error = Object.assign(new Error('invalid input syntax for type integer: "Chanda"'), {
        severity: "ERROR",
        code: "22P02",
      });
      const written = JSON.stringify(serializeError(error));
      expect(written).not.toContain("Chanda");
      expect(written).toContain('"code":"22P02"');
      expect(written).toContain("invalid input syntax for type integer");
    });

    it("writes other errors as before, with their own fields", () => {
      const error = Object.assign(new Error("ENOENT: no such file"), {
        code: "ENOENT",
        syscall: "open",
      });
      expect(serializeError(error)).toMatchObject({
        type: "Error",
        message: "ENOENT: no such file",
        code: "ENOENT",
        syscall: "open",
        stack: expect.stringContaining("logger.test.ts") as unknown,
      });
      expect(serializeError("not an error")).toBe("not an error");
    });
  });
});
