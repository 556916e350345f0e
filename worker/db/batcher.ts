import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./client";

/** Runs a drizzle query and resolves with what awaiting it would give. */
export type Load = <T>(query: BatchItem<"sqlite"> & PromiseLike<T>) => Promise<T>;

/** Awaits the query on its own: one round trip per call (API handlers, scripts). */
export const loadDirect: Load = (query) => Promise.resolve(query);

type Pending = { query: BatchItem<"sqlite">; resolve: (v: any) => void; reject: (e: unknown) => void };

/**
 * A per-request loader: queries issued while the same macrotask runs (Remix calls the
 * layout and page loaders in parallel) are sent to D1 as one db.batch, so a page costs
 * one round trip however many loaders ask for data. A batch is also one transaction,
 * so every loader sees the same snapshot.
 */
export function createBatcher(db: Db): Load {
  let pending: Pending[] = [];
  const flush = () => {
    const items = pending;
    pending = [];
    const run =
      items.length === 1 ? Promise.resolve(items[0].query).then((r) => [r]) : db.batch(items.map((i) => i.query) as [BatchItem<"sqlite">]);
    run.then(
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
