import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveAccountsSite } from "#tests/setup/accounts-site";

/** One POST with the site's own Origin but another Host, as anyone can send. */
function postWithHost(url: string, path: string, host: string, origin: string) {
  const body = "username=someone&password=whatever-it-is";
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = request(`${url}${path}`, {
      method: "POST",
      headers: {
        host,
        origin,
        "content-type": "application/x-www-form-urlencoded",
        "content-length": Buffer.byteLength(body),
      },
    });
    outgoing.on("error", reject);
    outgoing.on("response", (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    outgoing.end(body);
  });
}

describe("a request whose Host is not the site's", () => {
  let site: Awaited<ReturnType<typeof serveAccountsSite>>;
  beforeAll(async () => {
    site = await serveAccountsSite("pglite");
  });
  afterAll(() => site.close());

  it("is refused with 403 and writes no error-level line", async () => {
    for (const path of ["/login", "/register", "/logout", "/register/"]) {
      const answer = await postWithHost(
        site.server.url,
        path,
        "evil.example",
        "http://localhost:3000",
      );
      expect(answer.status, path).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({
        error: "Refused: this request did not come from this site.",
      });
    }
    expect(site.logLines.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
  });
});
