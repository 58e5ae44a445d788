import { describe, expect, inject, it } from "vitest";
import { rawGet } from "#tests/setup/http";

const baseUrl = inject("baseUrl");

describe("compression and caching", () => {
  it("sends content pages brotli-compressed with an ETag, and 304 when unchanged", async () => {
    const first = await rawGet(`${baseUrl}/tutorials/mathematics`, {
      "accept-encoding": "br, gzip",
    });
    expect(first.status).toBe(200);
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await rawGet(`${baseUrl}/tutorials/mathematics`, {
      "accept-encoding": "br, gzip",
      "if-none-match": first.headers.etag!,
    });
    expect(again.status).toBe(304);
    const gzip = await rawGet(`${baseUrl}/tutorials/mathematics`, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
  });

  it("renders a page no cache may keep afresh, each answer with its own CSP nonce", async () => {
    // No public page has an inline script any more; the nonce still changes with every answer.
    const nonceOf = async () =>
      /'nonce-([^']+)'/.exec(
        String((await rawGet(`${baseUrl}/login`)).headers["content-security-policy"]),
      )?.[1];
    const [first, second] = [await nonceOf(), await nonceOf()];
    expect(first).toBeTruthy();
    expect(first).not.toBe(second);
  });

  it("caches hashed assets for a year and serves their brotli copy", async () => {
    const page = (await rawGet(`${baseUrl}/introduction_to_physics`)).body;
    const asset = /\/assets\/quiz-[\w-]+\.js/.exec(page)![0];
    const response = await rawGet(`${baseUrl}${asset}`, { "accept-encoding": "br" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
  });

  it("serves public files by name, and leaves every other address to the site's routes", async () => {
    const worker = await rawGet(`${baseUrl}/sw.js`, { "accept-encoding": "br" });
    expect(worker.status).toBe(200);
    expect(worker.headers["content-encoding"]).toBe("br");
    expect((await rawGet(`${baseUrl}/logo.svg?v=2`)).status).toBe(200);
    // A path that climbs out of a folder never reaches a file.
    expect((await rawGet(`${baseUrl}/images/../logo.svg`)).status).toBe(404);
    // A hashed asset that is not there is a plain 404, never a page.
    const missingAsset = await rawGet(`${baseUrl}/assets/missing-0000.js`);
    expect(missingAsset.status).toBe(404);
    expect(missingAsset.headers["content-type"]).not.toMatch(/html/);
    // No file by that name: the site's own "not found" page.
    const notAFile = await rawGet(`${baseUrl}/nothing-here.js`);
    expect(notAFile.status).toBe(404);
    expect(notAFile.headers["content-type"]).toMatch(/^text\/html/);
    expect((await rawGet(`${baseUrl}/%E0%A4%A/sw.js`)).status).toBe(400);
  });

  it("answers /List/ with an ETag and 304 when unchanged", async () => {
    const first = await rawGet(`${baseUrl}/List/`);
    const again = await rawGet(`${baseUrl}/List/`, { "if-none-match": first.headers.etag! });
    expect(again.status).toBe(304);
  });
});
