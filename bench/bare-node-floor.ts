import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { plainBody } from "./plain-get";

/**
 * The floor: Node's own http server sending, from memory, the bytes StudyZed answered for each
 * endpoint, measured by the same wrk beside it. At 2,000 articles a /List/ is 1.1 MB sent
 * without compression, and wrk reading it takes most of one of the two cores: this row says
 * what any Node server could do here (1,500–1,900 req/s, p99 41–71 ms on the 2-core machine).
 */
export async function startBareNode(
  studyzedUrl: string,
  endpoints: readonly string[],
): Promise<{ url: string; stop(): Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), "studyzed-bench-floor-"));
  const bodies: [string, string][] = [];
  for (const endpoint of endpoints) {
    const file = path.join(folder, `${bodies.length}.json`);
    await writeFile(file, await plainBody(`${studyzedUrl}${endpoint}`));
    bodies.push([endpoint, file]);
  }
  const child = spawn(
    process.execPath,
    [
      "-e",
      `const http = require("node:http");
       const fs = require("node:fs");
       const bodies = new Map(JSON.parse(process.argv[1]).map(([path, file]) => [path, fs.readFileSync(file)]));
       const server = http.createServer((req, res) => {
         const body = bodies.get(req.url);
         if (!body) return res.writeHead(404).end();
         res.writeHead(200, { "Content-Type": "application/json", "Content-Length": body.length });
         res.end(body);
       });
       server.listen(0, "127.0.0.1", () => console.log(server.address().port));`,
      JSON.stringify(bodies),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once("exit", () => reject(new Error("the bare Node server did not start")));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      await rm(folder, { recursive: true, force: true });
    },
  };
}
