import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/**
 * Packages the production server leaves to Node: native addons (pg's optional one too),
 * Redis's client, loaded only when configured, and pino.
 */
const LEFT_TO_NODE = ["sharp", "@node-rs/argon2", "pg-native", "redis", "pino"];

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
          input: "./server/app.ts",
          output: { minify: { compress: true, mangle: false } },
        },
      },
    },
  },
  // The service worker's source, served as a module in development, may control the whole site.
  server: { headers: { "Service-Worker-Allowed": "/" } },
  plugins: [reactRouter()],
}));
