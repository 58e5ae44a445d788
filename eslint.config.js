import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const FEATURES = readdirSync("app/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Features use each other only through one small public module each, and app/lib and
 * app/components/ui use no feature (docs/decisions/0025-one-owner-per-table-and-feature-contracts.md).
 */
const FEATURE_BOUNDARIES = [
  ...FEATURES.flatMap((feature) =>
    FEATURES.filter((other) => other !== feature).map((other) => ({
      target: `./app/features/${feature}`,
      from: `./app/features/${other}`,
      except: ["./public.server.ts"],
      message: `Use the ${other} feature through its public module, #app/features/${other}/public.server.`,
    })),
  ),
  {
    target: "./server",
    from: "./app/features",
    except: FEATURES.map((feature) => `./${feature}/public.server.ts`),
    message: "The server uses a feature only through its public module, public.server.ts.",
  },
  {
    target: ["./app/lib", "./app/components/ui"],
    from: "./app/features",
    message: "app/lib and app/components/ui sit below the features: they may not use one.",
  },
];

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".react-router/", "data/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      // Without these, import-x reads no TypeScript module it resolves, and finds no cycle.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "import-x/no-restricted-paths": ["error", { zones: FEATURE_BOUNDARIES }],
      // React Router's way to answer early from a loader, action or middleware is to throw a
      // Response, a redirect or data(); anything else thrown must be an Error.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "react-router", name: "DataWithResponseInit" },
          ],
        },
      ],
      "no-console": "error",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "database/**/*.ts"],
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // The process entry may print a bad configuration before any logger exists.
    files: ["server/app.ts", "bin/**", "scripts/**", "bench/**"],
    rules: { "no-console": "off" },
  },
  {
    // Plain JavaScript is not type-checked: the scripts below run as they are.
    files: ["**/*.{js,mjs}"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ["bin/**/*.js", "scripts/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
  },
  { files: ["database/**/*.js"], languageOptions: { globals: { Blob: "readonly" } } },
);
