import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
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
});
