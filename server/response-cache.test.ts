import { describe, expect, it } from "vitest";
import { clientHasIt, copyFor, sharedKeyOf } from "./response-cache";

describe("kept answers", () => {
  const etag = '"abc"';

  it("are the client's when If-None-Match names the ETag, weak or strong, or is *", () => {
    expect(clientHasIt({ "if-none-match": etag }, etag)).toBe(true);
    expect(clientHasIt({ "if-none-match": `W/${etag}` }, etag)).toBe(true);
    expect(clientHasIt({ "if-none-match": `"older", ${etag}` }, etag)).toBe(true);
    expect(clientHasIt({ "if-none-match": "*" }, etag)).toBe(true);
    expect(clientHasIt({ "if-none-match": '"older"' }, etag)).toBe(false);
    expect(clientHasIt({}, etag)).toBe(false);
  });

  it("are sent whole to a client that asks for a fresh copy", () => {
    expect(clientHasIt({ "if-none-match": etag, "cache-control": "no-cache" }, etag)).toBe(false);
  });

  it("go as brotli, else gzip, where accepted and made, else as they are", () => {
    const both = { br: Buffer.from("b"), gzip: Buffer.from("g") };
    expect(copyFor({ "accept-encoding": "gzip, deflate, br" }, both)).toBe("br");
    expect(copyFor({ "accept-encoding": "gzip" }, both)).toBe("gzip");
    expect(copyFor({}, both)).toBe(null);
    expect(copyFor({ "accept-encoding": "br" }, { gzip: both.gzip })).toBe(null);
    expect(copyFor({ "accept-encoding": "br, gzip" }, {})).toBe(null);
  });

  it("are kept only for plain reads by nobody in particular", () => {
    const read = (url: string, headers = {}, method = "GET") =>
      sharedKeyOf({ method, url, headers });
    expect(read("/List/")).toBe("/List/");
    expect(read("/List/", {}, "HEAD")).toBe("/List/");
    expect(read("/List/", {}, "POST")).toBe(null);
    expect(read("/List/?page=2")).toBe(null);
    expect(read("/admin/articles")).toBe(null);
    expect(read("/List/", { authorization: "Bearer x" })).toBe(null);
    expect(read("/", { cookie: "studyzed_session=x" })).toBe(null);
  });
});
