const INNER = Symbol("inner statement");
const RUNS = new Set(["all", "first", "run", "raw"]);

/**
 * Wraps the D1 binding to count round trips (a statement run or a batch is one). Installed on every request in
 * every environment (worker/db/request-db.ts), so tests and the bench can prove how many trips a page or an API
 * call costs.
 */
export function countingD1(d1: D1Database, counter: { calls: number }): D1Database {
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, prop) {
        if (prop === INNER) return target;
        if (prop === "bind") return (...args: unknown[]) => wrap(target.bind(...args));
        const value = Reflect.get(target, prop, target);
        if (typeof value !== "function") return value;
        if (typeof prop === "string" && RUNS.has(prop)) {
          return (...args: unknown[]) => {
            counter.calls++;
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => wrap(target.prepare(query));
      if (prop === "batch") {
        return (stmts: D1PreparedStatement[]) => {
          counter.calls++;
          return target.batch(stmts.map((s) => (s as any)[INNER] ?? s));
        };
      }
      if (prop === "exec") {
        return (query: string) => {
          counter.calls++;
          return target.exec(query);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
