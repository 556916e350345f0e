import { fillPlaceholders, type Query } from "drizzle-orm";
import type { Db } from "./client";

/** What drizzle's public `.prepare()` returns: the built SQL, and the mapping of a batch result to rows. */
interface PreparedQuery<T> {
  getQuery(): Query;
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
  /** Only for the result type; reads run through {@link runReads}. */
  all(values?: Record<string, unknown>): Promise<T>;
}

/** A drizzle select builder; its SQL is built when it runs. */
type Builder<T> = PromiseLike<T> & { prepare(): PreparedQuery<T> };

// Registered, not local: the Remix build and the Worker each bundle a copy of this module.
const BOUND = Symbol.for("tripbazaar.boundRead");

/** A read whose SQL was built once per isolate (see {@link preparedRead}), with this request's values. */
export interface BoundRead<T> {
  readonly [BOUND]: true;
  readonly db: Db;
  readonly prepared: PreparedQuery<T>;
  readonly values: Record<string, unknown>;
}

export type Read<T> = Builder<T> | BoundRead<T>;

/** Runs a read and resolves with its rows. */
export type Load = <T>(query: Read<T>) => Promise<T>;

const isBound = (read: Read<unknown>): read is BoundRead<unknown> => BOUND in read;

/**
 * A read used on every uncached page. drizzle builds a query's SQL from its builder tree each time it
 * runs, which cost more CPU than the rest of the page's data work (ADR 0016); a prepared read builds
 * it once per isolate and binds `sql.placeholder` values per request.
 */
export function preparedRead<V extends Record<string, unknown>, T>(build: (db: Db) => { prepare(): PreparedQuery<T> }) {
  let prepared: PreparedQuery<T> | undefined;
  return (db: Db, values: V): BoundRead<T> => {
    prepared ??= build(db).prepare();
    return { [BOUND]: true, db, prepared, values };
  };
}

/** Runs reads as one D1 batch (one round trip, one snapshot); each result is mapped as drizzle maps it. */
async function runReads(db: Db, reads: Read<unknown>[]): Promise<unknown[]> {
  const prepared = reads.map((read) => (isBound(read) ? read : { prepared: read.prepare(), values: {} }));
  const statements = prepared.map(({ prepared: p, values }) => {
    const query = p.getQuery();
    return db.$client.prepare(query.sql).bind(...fillPlaceholders(query.params, values));
  });
  const results = await db.$client.batch(statements);
  return results.map((result, i) => prepared[i].prepared.mapResult(result, true));
}

/** Runs the read on its own: one round trip per call (API handlers, scripts). */
export const loadDirect: Load = (query) =>
  isBound(query) ? runReads(query.db, [query]).then(([rows]) => rows as never) : Promise.resolve(query);

type Pending = { query: Read<unknown>; resolve: (v: any) => void; reject: (e: unknown) => void };

/**
 * A per-request loader: reads issued while the same macrotask runs (Remix calls the
 * layout and page loaders in parallel) are sent to D1 as one batch, so a page costs
 * one round trip however many loaders ask for data. A batch is also one transaction,
 * so every loader sees the same snapshot.
 */
export function createBatcher(db: Db): Load {
  let pending: Pending[] = [];
  const flush = () => {
    const items = pending;
    pending = [];
    runReads(
      db,
      items.map((i) => i.query),
    ).then(
      (results) => {
        for (const [i, item] of items.entries()) item.resolve(results[i]);
      },
      (error) => {
        for (const item of items) item.reject(error);
      },
    );
  };
  return (query) =>
    new Promise((resolve, reject) => {
      if (pending.length === 0) setTimeout(flush, 0);
      pending.push({ query, resolve, reject });
    });
}

/** What a read-only service needs: the query builder and the loader its reads go through. */
export type Reader = { db: Db; load: Load };

/** A reader whose concurrent reads form one batch: for API handlers, writes' follow-up reads and scripts. */
export const readerOf = (db: Db): Reader => ({ db, load: createBatcher(db) });
