import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./drizzle/schema.ts",
  // The same folder wrangler applies migrations from (wrangler.toml migrations_dir).
  out: "./migrations",
});
