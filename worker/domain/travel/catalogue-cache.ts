/**
 * The built-in suppliers' catalogue: airports, carriers and routes (migration 0022), bus services and operators, and
 * hotels, rooms and facilities (migration 0017). Only a migration writes these rows, and a deploy that runs one starts
 * new isolates, so an isolate reads each set once (in the first request's own D1 batch) and keeps it. What changes
 * while the Worker runs is read live on every request: the seats sold on a flight or a bus, and a moved fare.
 * Real suppliers do the same with their content (descriptions, facilities, schedules) and keep only prices live.
 */
const LIMIT = 500;
/** Each kind's sets, by key. */
const kinds = new Map<string, Map<string, unknown>>();

export function catalogue<T>(kind: string, key: string, read: () => Promise<T>): Promise<T> {
  const sets = (kinds.get(kind) ?? kinds.set(kind, new Map()).get(kind)) as Map<string, T>;
  // Only what was read is kept, never a read under way: a request does not wait on another request's I/O (workerd
  // warns of that and may leave the waiting request hanging). Two first requests at once both read; a failed read
  // keeps nothing.
  if (sets.has(key)) return Promise.resolve(sets.get(key) as T);
  return read().then((value) => {
    // Keys come from searches (a city, a route, a hotel id): bounded like any other isolate cache.
    if (sets.size >= LIMIT) sets.clear();
    sets.set(key, value);
    return value;
  });
}
