import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Packages the production server leaves to Node: native addons, the embedded database's
 * WebAssembly (found beside its own files), drivers loaded only when configured, and pino.
 */
const LEFT_TO_NODE = ["@electric-sql/pglite", "sharp", "@node-rs/argon2", "pg", "redis", "pino"];

export default defineConfig(({ command }) => ({
  resolve: { tsconfigPaths: true },
  // The server build's entry is our own Express app (server/app.ts), which wraps the
  // React Router request handler; see docs/decisions/0001-one-server-process.md.
  environments: {
    ssr: {
      // Built, the server's dependencies are bundled into a few files, compressed but with
      // their names kept for stack traces: Node resolved and compiled ~190 small files on
      // every start (docs/decisions/0057-start-within-a-second.md). The dev server loads
      // them from node_modules as they are.
      resolve: command === "build" ? { noExternal: true, external: LEFT_TO_NODE } : {},
      build: {
        rollupOptions: {
          // The server, and two entries loaded apart from it: the embedded database's thread,
          // and its early open, which bin/start.js loads before the server
          // (docs/decisions/0066-embedded-database-in-a-worker.md).
          input: {
            index: "./server/app.ts",
            "embedded-database": "./server/embedded-database.ts",
            "pglite-worker": "./database/pglite-worker.ts",
          },
          output: { minify: { compress: true, mangle: false } },
        },
      },
    },
  },
  // The service worker's source, served as a module in development, may control the whole site.
  server: { headers: { "Service-Worker-Allowed": "/" } },
  plugins: [reactRouter(), serverEntriesByName()],
}));

/**
 * React Router names every server entry after its own (index.js), so the others would be
 * index2.js, index3.js in whatever order; bin/start.js loads them by name.
 */
function serverEntriesByName(): Plugin {
  return {
    name: "studyzed:server-entries-by-name",
    applyToEnvironment: (environment) => environment.name === "ssr",
    outputOptions: (options) => ({
      ...options,
      entryFileNames: (chunk) => (chunk.name === "index" ? "index.js" : `${chunk.name}.js`),
    }),
  };
}
