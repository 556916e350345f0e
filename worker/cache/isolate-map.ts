/**
 * A Map shared by the whole isolate. The Worker's bundle holds two copies of some modules (its own, and the Remix
 * build's, which the pages and their actions run), so a module-level Map would be two Maps: a write made by a page
 * action (a new content version, a forgotten slug) would not reach what the Worker reads before Remix runs.
 */
export function isolateMap<K, V>(name: string): Map<K, V> {
  const store = globalThis as unknown as Record<string, Map<K, V> | undefined>;
  const key = `__tb_${name}`;
  store[key] ??= new Map<K, V>();
  return store[key];
}
