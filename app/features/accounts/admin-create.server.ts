import { createInterface } from "node:readline/promises";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#database/client.server";
import { users } from "#database/schema";
import { recordAudit } from "#app/features/admin/public.server";
import {
  commandArgs,
  CommandRefused,
  runCommand,
  terminalIo,
  UsageError,
  withCommandDatabase,
  type CommandIo,
} from "#app/lib/command-line.server";
import type { CommandHandler, RemoteIo } from "#app/lib/command-socket.server";
import { parseConfig } from "#server/config";
import { siteAddress } from "#server/site-address";
import { RegisterSchema } from "./schemas";
import { createAccount } from "./sign-in.server";
import { findUserByUsername } from "./users.server";

/** What the command asks for at the terminal: the new admin's names, then the password. */
type Asking = {
  readLine: (prompt: string) => Promise<string>;
  readPassword: (prompt: string) => Promise<string>;
};
type Io = CommandIo & Asking;
type Names = { "first-name"?: string; "last-name"?: string };
type AdminArgs = { db: Database; username: string; io: Asking; names: Names };
const AdminRequestSchema = z.strictObject({
  username: z.string().min(1).max(150),
  names: z.strictObject({
    "first-name": z.string().max(150).optional(),
    "last-name": z.string().max(150).optional(),
  }),
});
const OutcomeSchema = z.enum(["already", "promoted", "created"]);

const USAGE = "Usage: npm run admin:create -- --username NAME [--first-name NAME --last-name NAME]";
const COMMAND_LINE = { id: null, username: "command line" } as const;

// Through registration's createAccount, so a weak password is refused (docs/security.md#passwords).
export function runAdminCreate(
  argv: string[],
  io: Io = terminalWithPassword(),
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  return runCommand(io, USAGE, async () => {
    const { values } = commandArgs({
      args: argv,
      options: {
        username: { type: "string" },
        "first-name": { type: "string" },
        "last-name": { type: "string" },
      },
    });
    if (!values.username) throw new UsageError();
    const username = values.username.trim();
    const config = parseConfig(env);
    const names = { "first-name": values["first-name"], "last-name": values["last-name"] };
    const outcome = await withCommandDatabase(
      config,
      {
        holder: "admin:create",
        doing: "create an admin",
        viaServer: {
          command: "admin:create",
          request: { username, names },
          io: {
            ask: (prompt, { hidden }) => (hidden ? io.readPassword(prompt) : io.readLine(prompt)),
          },
          parse: (result) => OutcomeSchema.parse(result),
        },
      },
      ({ db }) => makeAdmin({ db, username, io, names }),
    );
    io.out(
      {
        already: `${username} is already an admin.`,
        promoted: `${username} is now an admin.`,
        created: `Admin ${username} created. Log in at ${siteAddress(config, env)}/login.`,
      }[outcome],
    );
    return 0;
  });
}

async function makeAdmin({ db, username, io, names }: AdminArgs) {
  const existing = await findUserByUsername({ db, username });
  if (existing?.role === "admin") return "already" as const;
  const audit = (tx: Database, action: string) =>
    recordAudit({ db: tx, actor: COMMAND_LINE, action, target: `user ${username}` });
  if (existing) {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ role: "admin" }).where(eq(users.id, existing.id));
      await audit(tx, "user.promote-admin");
    });
    return "promoted" as const;
  }
  // Shown in the site's header and the audit log's sentences: asked for, never made up.
  const firstName = names["first-name"] ?? (await io.readLine(`First name of ${username}: `));
  const lastName = names["last-name"] ?? (await io.readLine(`Last name of ${username}: `));
  const parsed = RegisterSchema.safeParse({
    first_name: firstName,
    last_name: lastName,
    username,
    email: "",
    password: await io.readPassword(`Password for the new admin ${username}: `),
  });
  if (!parsed.success)
    throw new CommandRefused(parsed.error.issues.map((issue) => issue.message).join(" "));
  const result = await db.transaction(async (tx) => {
    const made = await createAccount({ db: tx, account: parsed.data, role: "admin" });
    if (made.outcome === "created") await audit(tx, "user.create-admin");
    return made;
  });
  switch (result.outcome) {
    case "created":
      return "created" as const;
    case "weak-password":
      throw new CommandRefused(result.message);
    case "taken":
      throw new CommandRefused(
        `${username} was registered a moment ago by someone else: run the command again to promote it.`,
      );
    case "busy":
      throw new CommandRefused("Too many passwords are being checked: run the command again.");
  }
}

/** admin:create run by the serving process for a command typed beside it. */
export function adminCreateOnServer({ db }: { db: Database }) {
  const handler: CommandHandler = async (request, remote: RemoteIo) => {
    const parsed = AdminRequestSchema.safeParse(request);
    if (!parsed.success) throw new CommandRefused("The command's request could not be read.");
    const io: Asking = {
      readLine: (prompt) => remote.ask(prompt, { hidden: false }),
      readPassword: (prompt) => remote.ask(prompt, { hidden: true }),
    };
    return makeAdmin({ db, io, ...parsed.data });
  };
  return handler;
}

function terminalWithPassword(): Io {
  return {
    ...terminalIo,
    readLine: async (prompt) => {
      if (!process.stdin.isTTY)
        throw new CommandRefused(
          "Say the new admin's name: --first-name NAME --last-name NAME (the site shows it, and the audit log names them by it).",
        );
      const terminal = createInterface({ input: process.stdin, output: process.stdout });
      try {
        return await terminal.question(prompt);
      } finally {
        terminal.close();
      }
    },
    readPassword: (prompt) => (process.stdin.isTTY ? promptHidden(prompt) : readFirstLine()),
  };
}

async function readFirstLine(): Promise<string> {
  let input = "";
  for await (const chunk of process.stdin) input += String(chunk);
  return input.split(/\r?\n/)[0] ?? "";
}

function promptHidden(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    process.stdout.write(prompt);
    const stdin = process.stdin;
    stdin.setRawMode(true);
    stdin.resume();
    let typed = "";
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString("utf8")) {
        if (char === "\r" || char === "\n") {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off("data", onData);
          process.stdout.write("\n");
          return resolve(typed);
        }
        if (char === "\u0003") process.exit(130);
        typed = char === "\u007f" ? typed.slice(0, -1) : typed + char;
      }
    };
    stdin.on("data", onData);
  });
}
