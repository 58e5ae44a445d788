import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes a migration from the schema; it needs no database.
export default defineConfig({
  dialect: "postgresql",
  schema: "./database/schema/*.ts",
  out: "./database/migrations",
});
