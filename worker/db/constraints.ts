/**
 * Whether D1 refused a write because it would break one of the named unique indexes (issue 25). Each caller names
 * the clash it expects, as SQLite words it (`table.column`, or the table for a composite index), so a clash it did
 * not foresee is not taken for the race it guards against and surfaces as the error it is.
 */
export function breaksUnique(error: unknown, ...indexes: [string, ...string[]]): boolean {
  const text = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  const failed = /UNIQUE constraint failed: ([^\n]+)/.exec(text)?.[1] ?? "";
  return failed !== "" && indexes.some((name) => failed.includes(name));
}
