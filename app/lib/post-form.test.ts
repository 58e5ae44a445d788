import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { postForm, readResponse } from "./post-form";

const SITE = "https://studyzed.example";

describe("readResponse", () => {
  const response = (responseUrl: string, json: unknown, status = 200) =>
    readResponse({ pageOrigin: SITE, postedTo: `${SITE}/register`, responseUrl, status, json });

  it("follows the site where it sent the form on, as after a registration", () => {
    expect(response(`${SITE}/login?registered=1`, null)).toEqual({
      outcome: "redirect",
      to: `${SITE}/login?registered=1`,
    });
  });

  it("gives the action's result with its status, success or refusal", () => {
    expect(response(`${SITE}/register`, { error: "Taken" }, 409)).toEqual({
      outcome: "result",
      status: 409,
      result: { error: "Taken" },
    });
  });

  it("says a response of the site's without a result is unreadable, as an empty 500", () => {
    expect(response(`${SITE}/register`, null, 500)).toEqual({ outcome: "unreadable" });
  });

  it.each([
    ["another site responded after a redirect", "http://hotspot.example/sign-in"],
    ["the response names no address", ""],
  ])("says no response came when %s", (_case, url) => {
    expect(response(url, { error: "Taken" })).toEqual({ outcome: "no-response" });
  });
});

/** The browser's XMLHttpRequest, driven by each test. */
class FakeRequest {
  static last: FakeRequest;
  upload: { onprogress?: (event: object) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  opened: string[] = [];
  headers: Record<string, string> = {};
  responseURL = "";
  status = 0;
  response: unknown = null;
  responseType = "";
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send() {}
  abort() {
    this.onabort?.();
  }
}

describe("postForm", () => {
  const form = { action: `${SITE}/admin/catalogue/indices`, enctype: "multipart/form-data" };
  const post = (options?: Parameters<typeof postForm>[1]) =>
    postForm<{ done: string }>(form as HTMLFormElement, options);

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("XMLHttpRequest", FakeRequest);
    vi.stubGlobal("FormData", class {});
    vi.stubGlobal("window", { setTimeout, clearTimeout, location: { origin: SITE } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("posts to the form's action asking for JSON, and gives the action's result", async () => {
    const posted = post();
    const request = FakeRequest.last;
    expect(request.opened).toEqual(["POST", form.action]);
    expect(request.headers).toEqual({ Accept: "application/json" });
    expect(request.responseType).toBe("json");
    Object.assign(request, { responseURL: form.action, status: 200, response: { done: "Saved." } });
    request.onload!();
    expect(await posted).toEqual({ outcome: "result", status: 200, result: { done: "Saved." } });
  });

  it("reports how much has gone", async () => {
    const sent: number[] = [];
    const posted = post({ onProgress: (part) => sent.push(part) });
    FakeRequest.last.upload.onprogress!({ lengthComputable: true, loaded: 45, total: 100 });
    FakeRequest.last.onerror!();
    await posted;
    expect(sent).toEqual([0.45]);
  });

  it("says nothing was sent when the connection drops before the request has gone whole", async () => {
    const posted = post();
    FakeRequest.last.upload.onprogress!({ lengthComputable: true, loaded: 45, total: 100 });
    FakeRequest.last.onerror!();
    expect(await posted).toEqual({ outcome: "not-sent" });
  });

  it("says no response came, not that nothing was sent, when it drops after the request went whole", async () => {
    const posted = post();
    FakeRequest.last.upload.onload!();
    FakeRequest.last.onerror!();
    expect(await posted).toEqual({ outcome: "no-response" });
  });

  it("gives up at the time limit, and not before", async () => {
    let settled = false;
    const posted = post({ timeLimitMs: 20_000 }).finally(() => (settled = true));
    FakeRequest.last.upload.onload!();
    await vi.advanceTimersByTimeAsync(19_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await posted).toEqual({ outcome: "no-response" });
  });
});
