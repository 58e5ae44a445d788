import { eq } from "drizzle-orm";
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
import { parseConfig } from "#server/config";
import { siteAddress } from "#server/site-address";
import { RegisterSchema } from "./schemas";
import { createAccount } from "./sign-in.server";
import { findUserByUsername } from "./users.server";

type Io = CommandIo & { readPassword: (prompt: string) => Promise<string> };
type Names = { "first-name"?: string; "last-name"?: string };
type AdminArgs = { db: Database; username: string; io: Io; names: Names };

const USAGE =
  "Usage: npm run admin:create -- --username NAME [--first-name NAME] [--last-name NAME]";
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
    const outcome = await withCommandDatabase(
      config,
      { holder: "admin:create", doing: "create an admin" },
      ({ db }) => makeAdmin({ db, username, io, names: values }),
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
  const parsed = RegisterSchema.safeParse({
    first_name: names["first-name"] ?? "Site",
    last_name: names["last-name"] ?? "Admin",
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

function terminalWithPassword(): Io {
  return {
    ...terminalIo,
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
