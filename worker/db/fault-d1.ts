import { type AppConfig, type Env, isDevelopment } from "../env";

/** The request header that asks for a fault, e.g. `before-write:1` or `after-write:2` (ADR 0020). */
export const FAULT_HEADER = "x-tb-fault";

type Fault = { when: "before" | "after"; what: "write" | "call"; nth: number };

const INNER = Symbol("fault-d1 inner statement");
const SQL = Symbol("fault-d1 sql");
const RUNS = new Set(["all", "first", "run", "raw"]);
const WRITE = /^\s*(insert|update|delete|replace)\b/i;

/** `before-write:2` → the second D1 call that writes fails before it reaches D1. */
export function parseFault(value: string | null): Fault | null {
  const match = /^(before|after)-(write|call):([1-9]\d{0,2})$/.exec(value?.trim() ?? "");
  return match ? { when: match[1] as Fault["when"], what: match[2] as Fault["what"], nth: Number(match[3]) } : null;
}

/**
 * Wraps the D1 binding so that a request can ask for one D1 failure (ADR 0020): the Nth call
 * (a statement run or a batch) that writes, or the Nth call of any kind, fails. "before" throws
 * without calling D1; "after" lets D1 commit and then throws, as a lost answer would.
 * SECURITY: active only when the Worker has `FAULTS = "1"` and is not production; otherwise the
 * header is ignored and the binding is returned as it is.
 */
export function withInjectedFaults(d1: D1Database, env: Env, config: AppConfig, request: Request): D1Database {
  if (env.FAULTS !== "1" || !isDevelopment(config)) return d1;
  const fault = parseFault(request.headers.get(FAULT_HEADER));
  return fault ? faultyD1(d1, fault) : d1;
}

function faultyD1(d1: D1Database, fault: Fault): D1Database {
  let seen = 0;
  /** Runs one D1 call, failing it if it is the one the request asked for. */
  const call = async <T>(writes: boolean, run: () => Promise<T>): Promise<T> => {
    const hit = (fault.what === "call" || writes) && ++seen === fault.nth;
    if (!hit) return run();
    const failure = new Error(`D1_ERROR: injected fault (${FAULT_HEADER}: ${fault.when}-${fault.what}:${fault.nth})`);
    if (fault.when === "before") throw failure;
    await run();
    throw failure;
  };
  const wrap = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, prop) {
        if (prop === INNER) return target;
        if (prop === SQL) return sql;
        if (prop === "bind") return (...args: unknown[]) => wrap(target.bind(...args), sql);
        const value = Reflect.get(target, prop, target);
        if (typeof value !== "function") return value;
        if (typeof prop === "string" && RUNS.has(prop)) {
          return (...args: unknown[]) => call(WRITE.test(sql), () => value.apply(target, args));
        }
        return value.bind(target);
      },
    });
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => wrap(target.prepare(query), query);
      if (prop === "batch") {
        return (stmts: D1PreparedStatement[]) => {
          const writes = stmts.some((s) => WRITE.test((s as any)[SQL] ?? ""));
          return call(writes, () => target.batch(stmts.map((s) => (s as any)[INNER] ?? s)));
        };
      }
      if (prop === "exec") return (query: string) => call(/\b(insert|update|delete|replace)\b/i.test(query), () => target.exec(query));
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
