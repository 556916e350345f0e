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

const BOUND = Symbol("boundRead");

/** A read whose SQL was built once per isolate (see {@link preparedRead}), with this request's values. */
export interface BoundRead<T> {
  readonly [BOUND]: true;
  readonly db: Db;
  readonly prepared: PreparedQuery<T>;
  readonly values: Record<string, unknown>;
}

export type Read<T> = Builder<T> | BoundRead<T>;

/** Runs a read and resolves with its rows. */
export interface Load {
  <T>(query: Read<T>): Promise<T>;
  /**
   * A read that is meant to reach D1 after an earlier round trip of the same request: it follows a write, or needs
   * an answer read before it. Only such a read may start a request's second batch without it being reported
   * ({@link createBatcher}'s `onSplit`); reads started beside it join its batch.
   */
  after<T>(query: Read<T>): Promise<T>;
}

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

const sqlOf = (read: Read<unknown>) => (isBound(read) ? read.prepared : read.prepare()).getQuery().sql;

/**
 * SECURITY: a loader carries reads only. A signed-in GET's reads run beside its session check (worker/api/guard.ts,
 * app/lib/session.server.ts `signedInData`), so nothing sent through a loader may change anything.
 */
const READ_ONLY = /^\s*select\b/i;

/** Runs reads as one D1 batch (one round trip, one snapshot); each result is mapped as drizzle maps it. */
async function runReads(db: Db, reads: Read<unknown>[]): Promise<unknown[]> {
  const prepared = reads.map((read) => (isBound(read) ? read : { prepared: read.prepare(), values: {} }));
  const statements = prepared.map(({ prepared: p, values }) => {
    const query = p.getQuery();
    if (!READ_ONLY.test(query.sql)) throw new Error(`A loader runs reads only, not: ${query.sql.slice(0, 80)}`);
    return db.$client.prepare(query.sql).bind(...fillPlaceholders(query.params, values));
  });
  const results = await db.$client.batch(statements);
  return results.map((result, i) => prepared[i].prepared.mapResult(result, true));
}

const direct = <T>(query: Read<T>): Promise<T> =>
  isBound(query) ? runReads(query.db, [query]).then(([rows]) => rows as T) : Promise.resolve(query);

/** Runs the read on its own: one round trip per call (scripts, and services called without a request's loader). */
export const loadDirect: Load = Object.assign(direct, { after: direct });

type Pending = { query: Read<unknown>; after: boolean; resolve: (v: any) => void; reject: (e: unknown) => void };

/**
 * A per-request loader: reads issued while the same macrotask runs (Remix calls the layout and page loaders in
 * parallel; the API's guard starts its account read before the handler runs) are sent to D1 as one batch, so a page
 * or an API read costs one round trip however many reads it makes. A batch is also one transaction, so every read
 * sees the same snapshot.
 *
 * The window is one macrotask (`setTimeout(0)`): a read started after awaiting another read misses it and costs a
 * second round trip. With `onSplit` (a GET's loader outside production, worker/db/request-db.ts) such a second batch
 * is reported, unless a read in it says it follows on purpose (`load.after`).
 */
export function createBatcher(db: Db, { onSplit }: { onSplit?: (message: string) => void } = {}): Load {
  let pending: Pending[] = [];
  let batches = 0;
  const flush = () => {
    const items = pending;
    pending = [];
    batches++;
    if (batches > 1 && onSplit && !items.some((i) => i.after)) {
      onSplit(
        `D1: a read went to D1 in this request's batch ${batches}, a round trip of its own: ${sqlOf(items[0].query).slice(0, 160)}. ` +
          "Start every read before awaiting any (Promise.all), or mark a read that must follow a write with load.after().",
      );
    }
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
  const enqueue =
    (after: boolean) =>
    <T>(query: Read<T>) =>
      new Promise<T>((resolve, reject) => {
        if (pending.length === 0) setTimeout(flush, 0);
        pending.push({ query, after, resolve, reject });
      });
  return Object.assign(enqueue(false), { after: enqueue(true) });
}

/** What a read-only service needs: the query builder and the loader its reads go through. */
export type Reader = { db: Db; load: Load };

/**
 * A reader of its own, whose concurrent reads form one batch: for a write's follow-up reads inside a service, and
 * scripts. A page or an API route reads through its request's loader (`context.load`, `c.var.load`) instead.
 */
export const readerOf = (db: Db): Reader => ({ db, load: createBatcher(db) });
