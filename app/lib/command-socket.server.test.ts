import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { askServingProcess, RemoteRefusal, serveCommands } from "./command-socket.server";

class Refused extends Error {}

describe("commands run by the serving process", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "studyzed-commands-test-"));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const serve = () =>
    serveCommands({
      dataDir,
      handlers: {
        greet: async (request, io) => {
          const name = await io.ask("Name: ", { hidden: false });
          const secret = await io.ask("Secret: ", { hidden: true });
          return { said: request, name, secretLength: secret.length };
        },
        refuse: () => Promise.reject(new Refused("Not now.")),
        crash: () => Promise.reject(new Error("disk on fire")),
      },
      isRefusal: (error): error is Error => error instanceof Refused,
      onError: (error) => logged.push(error),
    });
  const logged: unknown[] = [];

  it("runs a command, asking the terminal's questions, and answers with its result", async () => {
    const server = await serve();
    try {
      const asked: string[] = [];
      const answer = await askServingProcess(
        dataDir,
        "greet",
        { hello: 1 },
        {
          ask: (prompt, { hidden }) => {
            asked.push(`${prompt}${hidden ? "(hidden)" : ""}`);
            return Promise.resolve(hidden ? "s3cret" : "Mwila");
          },
        },
      );
      expect(answer).toEqual({ result: { said: { hello: 1 }, name: "Mwila", secretLength: 6 } });
      expect(asked).toEqual(["Name: ", "Secret: (hidden)"]);
    } finally {
      await server.close();
    }
  });

  it("passes a refusal on, and keeps a failure's details in the server's log", async () => {
    const server = await serve();
    const io = { ask: () => Promise.resolve("") };
    try {
      await expect(askServingProcess(dataDir, "refuse", null, io)).rejects.toEqual(
        new RemoteRefusal("Not now."),
      );
      await expect(askServingProcess(dataDir, "nothing", null, io)).rejects.toEqual(
        new RemoteRefusal("This server does not run nothing."),
      );
      await expect(askServingProcess(dataDir, "crash", null, io)).rejects.toThrow(
        "The server could not finish the command: its log says why.",
      );
      expect(logged).toEqual([new Error("disk on fire")]);
    } finally {
      await server.close();
    }
  });

  it("says where only to its own user, and leaves nothing behind when it stops", async () => {
    const server = await serve();
    const address = JSON.parse(
      await readFile(path.join(dataDir, "server-commands.json"), "utf8"),
    ) as { socket: string };
    expect((await stat(path.join(dataDir, "server-commands.json"))).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(address.socket))).mode & 0o777).toBe(0o700);
    await server.close();
    await expect(stat(path.dirname(address.socket))).rejects.toThrow();
    await expect(stat(path.join(dataDir, "server-commands.json"))).rejects.toThrow();
  });

  it("finds no server to ask when none took commands, or one stopped without tidying", async () => {
    const io = { ask: () => Promise.resolve("") };
    expect(await askServingProcess(dataDir, "greet", null, io)).toBeUndefined();
    await writeFile(
      path.join(dataDir, "server-commands.json"),
      JSON.stringify({ pid: 1, socket: path.join(dataDir, "gone.sock") }),
    );
    expect(await askServingProcess(dataDir, "greet", null, io)).toBeUndefined();
  });
});
