// A server on the embedded database runs `content:import` and `admin:create` for the command
// line, since PGlite allows one process (docs/decisions/0097-commands-run-by-the-serving-process.md).
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { z } from "zod";

/** What a command asks the person at the terminal while the server runs it: a password. */
export type RemoteIo = { ask(prompt: string, how: { hidden: boolean }): Promise<string> };
/** Parses its own request (it crossed a socket) and returns what the command prints from. */
export type CommandHandler = (request: unknown, io: RemoteIo) => Promise<unknown>;

/** A refusal the command prints as it would have printed its own. */
export class RemoteRefusal extends Error {
  override name = "RemoteRefusal";
}

const ToServer = z.union([
  z.strictObject({ command: z.string().max(40), request: z.unknown() }),
  z.strictObject({ answer: z.string().max(1_000) }),
]);
const ToCommand = z.union([
  z.strictObject({ ask: z.string(), hidden: z.boolean() }),
  z.strictObject({ result: z.unknown() }),
  z.strictObject({ refused: z.string() }),
  z.strictObject({ failed: z.string() }),
]);
const Address = z.strictObject({ pid: z.number().int(), socket: z.string() });

const addressFile = (dataDir: string) => path.join(dataDir, "server-commands.json");

/** Where the server serving DATA_DIR listens, if one wrote it. */
async function readAddress(dataDir: string) {
  return Address.safeParse(safeJson(await readFile(addressFile(dataDir), "utf8").catch(() => "")));
}

/**
 * Listens on a Unix socket in a new folder only this user can enter, and writes where into
 * DATA_DIR: whoever can connect could already open DATA_DIR itself.
 */
export async function serveCommands({
  dataDir,
  handlers,
  isRefusal,
  onError,
}: {
  dataDir: string;
  handlers: Readonly<Record<string, CommandHandler>>;
  /** Errors whose message the command prints and exits 1 on. */
  isRefusal: (error: unknown) => error is Error;
  onError: (error: unknown) => void;
}) {
  const parent = tmpdir().length <= 80 ? tmpdir() : "/tmp";
  const folder = await mkdtemp(path.join(parent, "studyzed-commands-"));
  const socket = path.join(folder, "commands.sock");
  const server = net.createServer((connection) => {
    const lines = createInterface({ input: connection });
    const send = (message: z.infer<typeof ToCommand>) =>
      connection.writable && connection.write(`${JSON.stringify(message)}\n`);
    let answered: ((answer: string) => void) | undefined;
    let running = false;
    lines.on("line", (line) => {
      const message = ToServer.safeParse(safeJson(line));
      if (!message.success) return void connection.destroy();
      if ("answer" in message.data) {
        answered?.(message.data.answer);
        answered = undefined;
        return;
      }
      if (running) return void connection.destroy();
      running = true;
      const handler = Object.hasOwn(handlers, message.data.command)
        ? handlers[message.data.command]
        : undefined;
      if (!handler)
        return void send({ refused: `This server does not run ${message.data.command}.` });
      const io: RemoteIo = {
        ask: (prompt, { hidden }) =>
          new Promise((resolve, reject) => {
            answered = resolve;
            connection.once("close", () => reject(new RemoteRefusal("The command was stopped.")));
            send({ ask: prompt, hidden });
          }),
      };
      handler(message.data.request, io).then(
        (result) => send({ result }),
        (error: unknown) => {
          if (isRefusal(error) || error instanceof RemoteRefusal) send({ refused: error.message });
          else {
            onError(error);
            send({ failed: "The server could not finish the command: its log says why." });
          }
        },
      );
    });
    connection.on("error", () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socket, resolve);
  });
  await writeFile(addressFile(dataDir), JSON.stringify({ pid: process.pid, socket }), {
    mode: 0o600,
  });
  return {
    async close() {
      await new Promise((resolve) => server.close(resolve));
      const written = await readAddress(dataDir);
      if (written.success && written.data.pid === process.pid)
        await rm(addressFile(dataDir), { force: true });
      await rm(folder, { recursive: true, force: true });
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Has the server serving DATA_DIR run `command`; `undefined` when no server there takes
 * commands (none runs, or one too old to), so the caller says what it said before.
 */
export async function askServingProcess(
  dataDir: string,
  command: string,
  request: unknown,
  io: RemoteIo,
): Promise<{ result: unknown } | undefined> {
  const address = await readAddress(dataDir);
  if (!address.success) return undefined;
  const connection = net.createConnection(address.data.socket);
  const connected = await new Promise<boolean>((resolve) => {
    connection.once("connect", () => resolve(true));
    connection.once("error", () => resolve(false));
  });
  if (!connected) return undefined;
  const send = (message: z.infer<typeof ToServer>) =>
    connection.write(`${JSON.stringify(message)}\n`);
  try {
    send({ command, request });
    for await (const line of createInterface({ input: connection })) {
      const message = ToCommand.safeParse(safeJson(line));
      if (!message.success) break;
      const said = message.data;
      if ("ask" in said) send({ answer: await io.ask(said.ask, { hidden: said.hidden }) });
      else if ("result" in said) return { result: said.result };
      else if ("refused" in said) throw new RemoteRefusal(said.refused);
      else throw new Error(said.failed);
    }
    throw new Error("The server stopped before the command finished: see its log.");
  } finally {
    connection.destroy();
  }
}
