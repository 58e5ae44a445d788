import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Packages the production server leaves to Node: native addons (pg's optional one too),
 * Redis's client, loaded only when configured, pino, and tinypool, whose processes start a
 * file of its own.
 */
const LEFT_TO_NODE = ["sharp", "@node-rs/argon2", "pg-native", "redis", "pino", "tinypool"];

/**
 * The PDF process's code, built as a file of its own that app/features/downloads/lite-pdf.server.ts
 * starts (docs/decisions/0076-pdfs-in-a-process-of-their-own.md).
 */
const pdfProcess: Plugin = {
  name: "studyzed:pdf-process",
  apply: "build",
  applyToEnvironment: (environment) => environment.name === "ssr",
  buildStart() {
    const id = "./app/features/downloads/lite-pdf-maker.server.ts";
    this.emitFile({ type: "chunk", id, fileName: "lite-pdf-maker.js" });
  },
};

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
  plugins: [reactRouter(), pdfProcess],
}));
