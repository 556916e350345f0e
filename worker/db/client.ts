import { type ExtractTablesWithRelations, createTableRelationsHelpers, extractTablesRelationalConfig } from "drizzle-orm";
import { DrizzleD1Database, SQLiteD1Session, type drizzle } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "@db/schema";

export type Db = ReturnType<typeof drizzle<typeof schema, D1Database>>;

type Tables = ExtractTablesWithRelations<typeof schema>;
type Relational = { fullSchema: typeof schema; schema: Tables; tableNamesMap: Record<string, string> };

// What `drizzle(d1, { schema })` builds from the schema on every call (~0.3 ms: it walks every table and relation),
// built once per isolate. Each request gets its own D1 binding (a counting one, worker/db/request-db.ts), so the
// drizzle instance is per request and must cost next to nothing (~0.03 ms).
const dialect = new SQLiteAsyncDialect();
let relational: Relational | undefined;

/** A drizzle database over `d1`, as `drizzle(d1, { schema })` makes it (drizzle-orm 0.45's d1 driver). */
export function createDb(d1: D1Database): Db {
  if (!relational) {
    const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    relational = { fullSchema: schema, schema: tables.tables as Tables, tableNamesMap: tables.tableNamesMap };
  }
  const db = new DrizzleD1Database(
    "async",
    dialect,
    new SQLiteD1Session<typeof schema, Tables>(d1, dialect, relational, {}),
    relational,
  ) as Db;
  db.$client = d1;
  return db;
}

export { schema };
