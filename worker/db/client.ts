import { drizzle } from "drizzle-orm/d1";
import * as schema from "@db/schema";

function connect(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof connect>;

// Building the drizzle instance walks the whole schema (~0.5 ms); once per binding is enough.
const instances = new WeakMap<D1Database, Db>();

export function createDb(d1: D1Database): Db {
  let db = instances.get(d1);
  if (!db) {
    db = connect(d1);
    instances.set(d1, db);
  }
  return db;
}

export { schema };
