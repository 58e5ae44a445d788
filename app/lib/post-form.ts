export type FormPost<Result> =
  | { outcome: "result"; status: number; result: Result }
  | { outcome: "redirect"; to: string }
  | { outcome: "unreadable" }
  // Nothing was changed.
  | { outcome: "not-sent" }
  // It may have been done: the request left whole.
  | { outcome: "no-response" };

// Not fetch: only XMLHttpRequest says how much of the request has gone.
export function postForm<Result>(
  form: HTMLFormElement,
  { timeLimitMs, onProgress }: { timeLimitMs?: number; onProgress?: (sent: number) => void } = {},
): Promise<FormPost<Result>> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    let sentWhole = false;
    // A timer of the page's, not request.timeout: tests can then move the page's clock.
    const timer = timeLimitMs ? window.setTimeout(() => request.abort(), timeLimitMs) : undefined;
    const settle = (posted: FormPost<Result>) => {
      window.clearTimeout(timer);
      resolve(posted);
    };
    request.upload.onprogress = (progress) => {
      if (progress.lengthComputable) onProgress?.(progress.loaded / progress.total);
    };
    request.upload.onload = () => (sentWhole = true);
    request.onload = () =>
      settle(
        readResponse<Result>({
          pageOrigin: window.location.origin,
          postedTo: form.action,
          responseUrl: request.responseURL,
          status: request.status,
          json: request.response as Result | null,
        }),
      );
    request.onerror = request.onabort = () =>
      settle({ outcome: sentWhole ? "no-response" : "not-sent" });
    request.open("POST", form.action);
    request.responseType = "json";
    request.setRequestHeader("Accept", "application/json");
    request.send(form.enctype === "multipart/form-data" ? new FormData(form) : urlEncoded(form));
  });
}

export function readResponse<Result>({
  pageOrigin,
  postedTo,
  responseUrl,
  status,
  json,
}: {
  pageOrigin: string;
  postedTo: string;
  responseUrl: string;
  status: number;
  json: Result | null;
}): FormPost<Result> {
  const responded = urlOf(responseUrl);
  // A hotspot's sign-in page or a proxy responded, not this site.
  if (!responded || responded.origin !== pageOrigin) return { outcome: "no-response" };
  if (json !== null) return { outcome: "result", status, result: json };
  if (responded.href !== urlOf(postedTo)?.href.split("#")[0])
    return { outcome: "redirect", to: responded.href };
  return { outcome: "unreadable" };
}

function urlEncoded(form: HTMLFormElement): URLSearchParams {
  const body = new URLSearchParams();
  new FormData(form).forEach((value, name) => {
    if (typeof value === "string") body.append(name, value);
  });
  return body;
}

// URL.canParse is newer than the phones these scripts serve (Chrome 80).
function urlOf(address: string): URL | null {
  try {
    return new URL(address);
  } catch {
    return null;
  }
}
