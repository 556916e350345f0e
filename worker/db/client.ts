import type { ExtractTablesWithRelations } from "drizzle-orm";
import { DrizzleD1Database, SQLiteD1Session, type drizzle } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "@db/schema";

export type Db = ReturnType<typeof drizzle<typeof schema, D1Database>>;

type Tables = ExtractTablesWithRelations<typeof schema>;

// `drizzle(d1, { schema })` walks every table and relation on each call (~0.3 ms), and then builds a relational
// query builder per table (`db.query.*`) on every instance. Nothing here uses drizzle's relational queries (only
// `select`, `insert`, `update`, `delete` and `batch`), so the instance carries no schema: each request gets its own
// D1 binding (a counting one, worker/db/request-db.ts), so the drizzle instance is per request and must cost next
// to nothing (ADR 0034).
const dialect = new SQLiteAsyncDialect();

/** A drizzle database over `d1`, as `drizzle(d1)` makes it (drizzle-orm 0.45's d1 driver), typed with the schema. */
export function createDb(d1: D1Database): Db {
  const db = new DrizzleD1Database(
    "async",
    dialect,
    new SQLiteD1Session<typeof schema, Tables>(d1, dialect, undefined, {}),
    undefined,
  ) as Db;
  db.$client = d1;
  return db;
}

export { schema };
