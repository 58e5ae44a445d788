import { get } from "node:http";

/**
 * A GET as wrk sends it: no Accept-Encoding, on a connection of its own. Resolves at the body's last byte,
 * having handed each chunk to `onChunk`; any status but 200 rejects.
 */
export function plainGet(url: string, onChunk: (chunk: Buffer) => void = () => {}): Promise<void> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return reject(new Error(`${url}: ${response.statusCode}`));
      }
      response.on("data", onChunk);
      response.on("end", resolve);
      response.on("error", reject);
    }).on("error", reject);
  });
}

/** The body of such a GET: the bytes a client that asks for no compression is sent. */
export async function plainBody(url: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await plainGet(url, (chunk) => chunks.push(chunk));
  return Buffer.concat(chunks);
}
