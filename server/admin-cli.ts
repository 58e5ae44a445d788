import { parseArgs } from "node:util";
import type { DatabaseHandle } from "#database/client.server";
import {
  createAccount,
  findUserByUsername,
  promoteToAdmin,
  RegisterSchema,
} from "#app/features/accounts/public.server";
import { recordAudit } from "#app/features/admin/public.server";
import { openCommandDatabase, terminalIo, type CommandIo } from "./command-line";
import { ConfigError, parseConfig } from "./config";
import { siteAddress } from "./site-address";

type Io = CommandIo & {
  /** The password: typed at a hidden prompt, or the first line of standard input. */
  readPassword: (prompt: string) => Promise<string>;
};

const USAGE =
  "Usage: npm run admin:create -- --username NAME [--first-name NAME] [--last-name NAME]";

/**
 * Makes an admin account, or promotes an existing user to admin. Works beside a running
 * server on PostgreSQL; on the embedded database it refuses while a server has the
 * folder open (PGlite allows one process), and says so. Returns the exit code.
 */
export async function runAdminCreate(
  argv: string[],
  io: Io = terminalWithPassword(),
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        username: { type: "string" },
        "first-name": { type: "string" },
        "last-name": { type: "string" },
      },
      strict: true,
    }).values;
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!args.username) {
    io.err(USAGE);
    return 2;
  }
  let config;
  try {
    config = parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }

  const database = await openCommandDatabase(config, {
    holder: "admin:create",
    doing: "create an admin",
  });
  if ("refused" in database) {
    io.err(database.refused);
    return 1;
  }

  try {
    await database.oneAtATime(() => database.migrate());
    return await makeAdmin({
      database,
      username: args.username.trim(),
      args,
      io,
      siteUrl: siteAddress(config, env),
    });
  } finally {
    await database.close();
  }
}

const COMMAND_LINE = { id: null, username: "command line" } as const;

async function makeAdmin({
  database,
  username,
  args,
  io,
  siteUrl,
}: {
  database: DatabaseHandle;
  username: string;
  args: { "first-name"?: string; "last-name"?: string };
  io: Io;
  siteUrl: string;
}): Promise<number> {
  const { db } = database;
  const existing = await findUserByUsername({ db, username });
  if (existing?.role === "admin") {
    io.out(`${username} is already an admin.`);
    return 0;
  }
  if (existing) {
    await db.transaction(async (tx) => {
      await promoteToAdmin({ db: tx, userId: existing.id });
      await recordAudit({
        db: tx,
        actor: COMMAND_LINE,
        action: "user.promote-admin",
        target: `user ${username}`,
      });
    });
    io.out(`${username} is now an admin.`);
    return 0;
  }

  const password = await io.readPassword(`Password for the new admin ${username}: `);
  const parsed = RegisterSchema.safeParse({
    first_name: args["first-name"] ?? "Site",
    last_name: args["last-name"] ?? "Admin",
    username,
    email: "",
    password,
  });
  if (!parsed.success) {
    io.err(parsed.error.issues.map((issue) => issue.message).join(" "));
    return 1;
  }
  const created = await db.transaction(async (tx) => {
    const result = await createAccount({ db: tx, account: parsed.data, role: "admin" });
    if (result.outcome === "created") {
      await recordAudit({
        db: tx,
        actor: COMMAND_LINE,
        action: "user.create-admin",
        target: `user ${username}`,
      });
    }
    return result;
  });
  if (created.outcome === "weak-password") {
    io.err(created.message);
    return 1;
  }
  if (created.outcome === "taken") {
    io.err(
      `${username} was registered a moment ago by someone else: run the command again to promote it.`,
    );
    return 1;
  }
  io.out(`Admin ${username} created. Log in at ${siteUrl}/login.`);
  return 0;
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

/** Reads a line from the terminal without echoing it. */
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
