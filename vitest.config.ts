import { defineConfig } from "vitest/config";

/**
 * Two projects: fast in-process tests (unit, API and database against PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set), and browser journeys against a production
 * build. The React Router plugin stays out: tests import plain modules.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.ts",
            "database/**/*.test.ts",
            "tests/api/**/*.test.ts",
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
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/production-server.ts", "tests/setup/database-template.ts"],
          // The production build is imported by Node itself, never transformed by the runner.
          server: { deps: { external: [/\/build\/server\//] } },
          // One browser and one server shared by every journey; files run one after another.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
