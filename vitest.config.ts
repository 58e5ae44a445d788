import { defineConfig } from "vitest/config";
import SlowestFirst from "./tests/setup/slowest-first";

/**
 * Three projects, all against PGlite, and PostgreSQL too when TEST_DATABASE_URL is set:
 * - unit: pure logic and database code, imported as plain modules;
 * - api: the whole site served in-process from the production build, asked over HTTP
 *   (tests/api, and tests/security: each known attack kept as a test);
 * - e2e: browser journeys against the production server.
 * The React Router plugin stays out: tests import plain modules, or the build.
 */
const PRODUCTION_BUILD = /\/build\/server\//;

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Two files at a time on CI's two cores: most of a browser or server test is waiting on
    // another process, and one at a time left a core idle. Each file has its own database,
    // server or browser, so none waits on another.
    maxWorkers: 2,
    // The slowest files first, across the three projects (tests/setup/slowest-first.ts).
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.ts",
            "database/**/*.test.ts",
            "scripts/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
          environment: "node",
          globalSetup: ["tests/setup/database-template.ts"],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          // tests/security holds each known attack as a test, asked over HTTP as the api tests are.
          include: ["tests/api/**/*.test.ts", "tests/security/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/production-build.ts", "tests/setup/database-template.ts"],
          // The production build is imported by Node itself, never transformed by the runner.
          server: { deps: { external: [PRODUCTION_BUILD] } },
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: [
            "tests/setup/production-build.ts",
            "tests/setup/production-server.ts",
            "tests/setup/database-template.ts",
          ],
          server: { deps: { external: [PRODUCTION_BUILD] } },
          // One server shared by the journeys that only read it; a journey that changes the
          // site serves its own (serveSite). Each file has its own browser, so files run side
          // by side like every project's (one per core): the suite stays well inside CI's time.
          testTimeout: 30_000,
          hookTimeout: 180_000,
          // What a page shows after a login or a registration waits on a password hash, which
          // waits its turn behind every other test's on a busy machine: a second was too short.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
