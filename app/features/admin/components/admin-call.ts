/** Calls /admin/api and reads its JSON; a dropped connection is an error with a clear message. */
export async function adminCall(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ ok: boolean; status: number; data: Record<string, unknown> }> {
  let response: Response;
  try {
    response = await fetch(`/admin/api${path}`, {
      method,
      headers: body instanceof FormData ? {} : { "content-type": "application/json" },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return {
      ok: false,
      status: 0,
      data: {
        error:
          "The connection dropped before the server answered. Nothing you typed is lost: try again.",
      },
    };
  }
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, status: response.status, data };
}
