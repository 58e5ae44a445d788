import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFDocument } from "@cantoo/pdf-lib";
import { decodeJwt } from "jose";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startProductionServer } from "#tests/setup/production-server";

const PASSWORD = "Chongwe-Hills-At-Dawn-7";
/** The new admin, named at the command line. */
const CHIEF = ["--username", "chief", "--first-name", "Mwila", "--last-name", "Banda"];

function adminCreate(dataDir: string, args: string[], input = `${PASSWORD}\n`) {
  return spawnSync(process.execPath, ["bin/admin-create.js", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production" },
    input,
    encoding: "utf8",
  });
}

function contentImport(dataDir: string, args: string[]) {
  return spawnSync(process.execPath, ["bin/content-import.js", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production" },
    encoding: "utf8",
  });
}

async function onePagePdf(text: string) {
  const document = await PDFDocument.create();
  document.addPage().drawText(text, { x: 50, y: 700 });
  return Buffer.from(await document.save());
}

async function roleAfterLogin(url: string, username: string, password: string) {
  const response = await fetch(`${url}/api/token/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) return null;
  return decodeJwt(((await response.json()) as { access: string }).access).role;
}

async function register(url: string, username: string) {
  const registered = await fetch(`${url}/register/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      first_name: "Mutinta",
      last_name: "Hamoonga",
      username,
      email: "",
      password: PASSWORD,
    }),
  });
  expect(registered.status).toBe(201);
}

// Each test starts the real server on a new data folder, which seeds it first: on a busy
// machine that alone has taken 30 s, so these tests get longer than the e2e default.
describe("npm run admin:create", { timeout: 120_000 }, () => {
  // Each test has a site of its own, so that any one of them can run alone.
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "studyzed-admin-cli-"));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("creates an admin, and imports the owner's folder, while the server is serving", async () => {
    const server = await startProductionServer({ dataDir });
    try {
      const made = adminCreate(dataDir, CHIEF);
      expect(made.stderr).toBe("");
      expect(made.status).toBe(0);
      expect(made.stdout).toContain("Admin chief created.");
      expect(await roleAfterLogin(server.url, "chief", PASSWORD)).toBe("admin");
      const login = await fetch(`${server.url}/api/token/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "chief", password: PASSWORD }),
      });
      const cookie = login.headers.get("set-cookie")?.split(";")[0] ?? "";
      const account = await fetch(`${server.url}/account`, { headers: { cookie } });
      // The name asked for is the one the site greets the admin by, never "Site".
      expect(await account.text()).toMatch(/Logged in as <a[^>]*><strong[^>]*>Mwila<\/strong>/);

      const library = path.join(dataDir, "..", `${path.basename(dataDir)}-library`);
      await mkdir(path.join(library, "Pathology", "2019"), { recursive: true });
      const paper = await onePagePdf("Pathology 2019 Sessional, the real paper");
      await writeFile(path.join(library, "Pathology", "2019", "Sessional Exam.pdf"), paper);
      try {
        const dry = contentImport(dataDir, [library, "--dry-run"]);
        expect(dry.stderr).toBe("");
        expect(dry.status).toBe(0);
        expect(dry.stdout).toContain("file of patho-2019-sessional");
        expect(dry.stdout).toContain("Nothing was changed.");
        const done = contentImport(dataDir, [library]);
        expect(done.status).toBe(0);
        expect(done.stdout).toContain("1 stored, 0 already in place, 0 refused, 0 left out.");
        // Served at once by the running site, which did the import itself.
        const download = await fetch(`${server.url}/download/patho-2019-sessional`);
        expect(Buffer.from(await download.arrayBuffer()).equals(paper)).toBe(true);
      } finally {
        await rm(library, { recursive: true, force: true });
      }
    } finally {
      expect(await server.stop(), server.output()).toBe(0);
    }
  });

  it("asks a refusal's question at the command line while the server runs it", async () => {
    const server = await startProductionServer({ dataDir });
    try {
      const weak = adminCreate(
        dataDir,
        ["--username", "weakling", "--first-name", "Chanda", "--last-name", "Phiri"],
        "password\n",
      );
      expect(weak.status).toBe(1);
      expect(weak.stderr).toMatch(/too common|at least 8/);
      const nameless = adminCreate(dataDir, ["--username", "nameless"]);
      expect(nameless.status).toBe(1);
      expect(nameless.stderr).toContain(
        "Say the new admin's name: --first-name NAME --last-name NAME",
      );
    } finally {
      expect(await server.stop(), server.output()).toBe(0);
    }
  });

  it("creates an admin from a password on standard input once the server has stopped", async () => {
    const result = adminCreate(dataDir, CHIEF);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Admin chief created.");
    const server = await startProductionServer({ dataDir });
    try {
      expect(await roleAfterLogin(server.url, "chief", PASSWORD)).toBe("admin");
      expect(await roleAfterLogin(server.url, "chief", "not-the-password")).toBeNull();
    } finally {
      await server.stop();
    }
  });

  it("says to log in where the site was last served, whatever PORT is now", async () => {
    const served = await startProductionServer({ dataDir });
    expect(await served.stop(), served.output()).toBe(0);
    const result = adminCreate(dataDir, CHIEF);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(
      `Log in at ${served.url.replace("127.0.0.1", "localhost")}/login.`,
    );
  });

  it("promotes an existing student without asking for a password", async () => {
    const student = await startProductionServer({ dataDir });
    try {
      await register(student.url, "mutinta");
    } finally {
      expect(await student.stop(), student.output()).toBe(0);
    }
    const result = adminCreate(dataDir, ["--username", "MUTINTA"], "");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("MUTINTA is now an admin.");
    const server = await startProductionServer({ dataDir });
    try {
      expect(await roleAfterLogin(server.url, "mutinta", PASSWORD)).toBe("admin");
    } finally {
      await server.stop();
    }
  });

  it("refuses a weak password and a missing username", () => {
    const weak = adminCreate(
      dataDir,
      ["--username", "weakling", "--first-name", "Chanda", "--last-name", "Phiri"],
      "password\n",
    );
    expect(weak.status).toBe(1);
    expect(weak.stderr).toMatch(/too common|at least 8/);
    const missing = adminCreate(dataDir, []);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("Usage: npm run admin:create -- --username NAME");
  });
});
