import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { isD1Failure } from "../../worker/db/d1-failure";
import { parseFault, withInjectedFaults } from "../../worker/db/fault-d1";
import { type Env, readConfig } from "../../worker/env";
import { TEST_ENV } from "../support/env";

/** A stand-in for the D1 binding that records what reached it. */
function fakeD1() {
  const ran: string[] = [];
  const statement = (sql: string): D1PreparedStatement =>
    ({
      bind: () => statement(sql),
      run: async () => ran.push(sql),
      all: async () => ran.push(sql),
      first: async () => ran.push(sql),
      raw: async () => ran.push(sql),
      sql,
    }) as unknown as D1PreparedStatement;
  const d1 = {
    prepare: statement,
    batch: async (stmts: { sql: string }[]) => ran.push(`batch(${stmts.map((s) => s.sql).join("; ")})`),
    exec: async (sql: string) => ran.push(sql),
  } as unknown as D1Database;
  return { d1, ran };
}

const env = (extra: Partial<Env>) => ({ ...TEST_ENV, DB: null as never, ...extra }) as Env;
const request = (fault?: string) => new Request("http://localhost/", { headers: fault ? { "x-tb-fault": fault } : {} });
const faulty = (fault: string) => {
  const fake = fakeD1();
  const e = env({ FAULTS: "1" });
  return { ...fake, db: withInjectedFaults(fake.d1, e, readConfig(e), request(fault)) };
};

describe("fault injection for D1", () => {
  it("reads only before-/after- write or call with an ordinal", () => {
    expect(parseFault("before-write:1")).toEqual({ when: "before", what: "write", nth: 1 });
    expect(parseFault(" after-call:12 ")).toEqual({ when: "after", what: "call", nth: 12 });
    for (const junk of [null, "", "before-write", "before-write:0", "during-write:1", "after-read:1", "before-write:1:2"]) {
      expect(parseFault(junk)).toBeNull();
    }
  });

  it("SECURITY: is never active in production, nor without FAULTS=1, nor without the header", () => {
    const { d1 } = fakeD1();
    const production = env({ FAULTS: "1", ENVIRONMENT: "production" });
    expect(withInjectedFaults(d1, production, readConfig(production), request("before-write:1"))).toBe(d1);
    const off = env({});
    expect(withInjectedFaults(d1, off, readConfig(off), request("before-write:1"))).toBe(d1);
    const on = env({ FAULTS: "1" });
    expect(withInjectedFaults(d1, on, readConfig(on), request())).toBe(d1);
  });

  it("fails the Nth write before it reaches D1, counting batches and statements but not reads", async () => {
    const { db, ran } = faulty("before-write:2");
    await db.prepare("SELECT 1").first();
    await db.prepare("INSERT INTO a VALUES (?)").bind(1).run();
    await db.batch([db.prepare("SELECT 2")]);
    await expect(db.batch([db.prepare("SELECT 3"), db.prepare("UPDATE a SET x = 1")])).rejects.toThrow(/^D1_ERROR: injected fault/);
    await db.prepare("DELETE FROM a").run();
    expect(ran).toEqual(["SELECT 1", "INSERT INTO a VALUES (?)", "batch(SELECT 2)", "DELETE FROM a"]);
  });

  it("lets the Nth call reach D1 and then fails it, when asked for after", async () => {
    const { db, ran } = faulty("after-call:1");
    await expect(db.prepare("SELECT 1").all()).rejects.toThrow(/^D1_ERROR/);
    expect(ran).toEqual(["SELECT 1"]);
  });

  it("recognises D1 failures, also inside drizzle's wrapper, and nothing else", () => {
    const d1Error = new Error("D1_ERROR: injected fault");
    expect(isD1Failure(d1Error)).toBe(true);
    expect(isD1Failure(new DrizzleQueryError("select 1", [], d1Error))).toBe(true);
    expect(isD1Failure(new Error("Network connection lost."))).toBe(true);
    expect(isD1Failure(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isD1Failure("D1_ERROR")).toBe(false);
  });
});
