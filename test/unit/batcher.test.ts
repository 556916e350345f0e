import { describe, expect, it } from "vitest";
import { createBatcher } from "../../worker/db/batcher";
import type { Db } from "../../worker/db/client";
import { requestLoad } from "../../worker/db/request-db";
import type { AppConfig } from "../../worker/env";
import { expectConsoleError } from "../support/console-guard";

/** A D1 stand-in that records each round trip (a batch) and the SQL it carried. */
function fakeDb() {
  const trips: string[][] = [];
  const $client = {
    prepare: (sql: string) => ({ sql, bind: () => ({ sql }) }),
    batch: async (statements: { sql: string }[]) => {
      trips.push(statements.map((s) => s.sql));
      return statements.map(() => ({ results: [{ n: 1 }] }));
    },
  };
  return { db: { $client } as unknown as Db, trips };
}

/** A read as drizzle builds it: its SQL, and the mapping of a batch result to rows. */
const read = (sql: string) =>
  ({
    prepare: () => ({ getQuery: () => ({ sql, params: [] }), mapResult: (r: { results: unknown[] }) => r.results, all: async () => [] }),
  }) as never;

describe("the request's loader (worker/db/batcher.ts)", () => {
  it("sends reads started together as one round trip", async () => {
    const { db, trips } = fakeDb();
    const splits: string[] = [];
    const load = createBatcher(db, { onSplit: (m) => splits.push(m) });
    await Promise.all([load(read("select 1")), load(read("select 2"))]);
    expect(trips).toEqual([["select 1", "select 2"]]);
    expect(splits).toEqual([]);
  });

  it("reports a read that waited for another and went to D1 as a second round trip, naming its SQL", async () => {
    const { db, trips } = fakeDb();
    const splits: string[] = [];
    const load = createBatcher(db, { onSplit: (m) => splits.push(m) });
    await load(read("select 1"));
    await load(read('select "id" from "packages"'));
    expect(trips).toHaveLength(2);
    expect(splits).toHaveLength(1);
    expect(splits[0]).toContain('select "id" from "packages"');
    expect(splits[0]).toContain("load.after");
  });

  it("lets a read marked load.after() start a batch of its own", async () => {
    const { db, trips } = fakeDb();
    const splits: string[] = [];
    const load = createBatcher(db, { onSplit: (m) => splits.push(m) });
    await load(read("select 1"));
    await Promise.all([load.after(read("select 2")), load(read("select 3"))]);
    expect(trips).toEqual([["select 1"], ["select 2", "select 3"]]);
    expect(splits).toEqual([]);
  });

  it("refuses a write: the loader carries reads only, so a GET's handler cannot write before its session check", async () => {
    const { db, trips } = fakeDb();
    const load = createBatcher(db);
    await expect(load(read(`update "users" set "role" = 'superadmin'`))).rejects.toThrow(/reads only/);
    await expect(load(read(`insert into "outbox" values (1)`))).rejects.toThrow(/reads only/);
    expect(trips).toEqual([]);
  });
});

describe("a request's loader (worker/db/request-db.ts)", () => {
  const config = (ENVIRONMENT: string) => ({ ENVIRONMENT }) as AppConfig;
  const twoTrips = async (method: string, environment: string) => {
    const { db, trips } = fakeDb();
    const load = requestLoad(db, config(environment), new Request("http://localhost/cart", { method }));
    await load(read("select 1"));
    await load(read("select 2"));
    return trips.length;
  };

  it("logs a GET's second batch as an error outside production, which fails the test that caused it", async () => {
    expectConsoleError(/D1: a read went to D1 in this request's batch 2, a round trip of its own: select 2.*\(GET \/cart\)/);
    expect(await twoTrips("GET", "development")).toBe(2);
  });

  it("says nothing of a write's follow-up reads, nor in production", async () => {
    expect(await twoTrips("POST", "development")).toBe(2);
    expect(await twoTrips("GET", "production")).toBe(2);
  });
});
