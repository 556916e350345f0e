import { flightInventory } from "@db/schema";
import type { Db } from "../../../db/client";

/** Development only (the API guards it): a fare that moved after a search, to show the cart's "fare changed". */
export function moveFlightFare(db: Db, flightKey: string, fareAdjust: number) {
  return db
    .insert(flightInventory)
    .values({ flightKey, fareAdjust })
    .onConflictDoUpdate({ target: flightInventory.flightKey, set: { fareAdjust } });
}
