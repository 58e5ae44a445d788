import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".react-router/", "data/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": "error",
    },
  },
  {
    // The process entry may print a bad configuration before any logger exists.
    files: ["server/app.ts", "bin/**", "scripts/**", "bench/**"],
    rules: { "no-console": "off" },
  },
  {
    // Plain scripts the browser runs as they are (no build step): the service worker and its helper.
    files: ["public/**/*.js"],
    languageOptions: {
      globals: { ...globals.browser, ...globals.serviceworker },
      sourceType: "script",
    },
  },
  {
    files: ["bin/**/*.js", "scripts/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
  },
);
