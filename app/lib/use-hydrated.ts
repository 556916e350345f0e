import { useSyncExternalStore } from "react";

const subscribe = () => () => {};
/** False during SSR and hydration, true afterwards: for values only the browser knows. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
