/**
 * A Map kept once per isolate under `name`, however many copies of the calling module the bundle holds: the Remix
 * server build carries its own copy of every worker/ module it imports, so state written from a page action (a
 * domain activated, a version bumped) must land in the Map the request path reads.
 */
export function isolateMap<K, V>(name: string): Map<K, V> {
  const key = Symbol.for(`tripbazaar.${name}`);
  const store = globalThis as Record<symbol, Map<K, V> | undefined>;
  let map = store[key];
  if (!map) {
    map = new Map<K, V>();
    store[key] = map;
  }
  return map;
}
