import type { AppConfig } from "../../env";
import { flightHandler, flightInventoryHandler } from "./flights/handler";
import type { TravelKind, TravelKindHandler } from "./offer";

/**
 * Which handler the cart and checkout call for each travel kind (issue 27). Its supplier comes from configuration,
 * so a kind's real aggregator replaces the offline one without the cart knowing.
 */
export function travelHandlerOf(kind: TravelKind, config: AppConfig): TravelKindHandler | null {
  switch (kind) {
    case "flight":
      return flightHandler(config);
    // "hotel" and "bus" plug in here from ./hotels/handler and ./buses/handler (issue 27's other half).
    default:
      return null;
  }
}

/** The statements that take and give back a kind's inventory, for the capture and cancellation batches (no config). */
export function travelInventoryOf(kind: TravelKind): Pick<TravelKindHandler, "bookStatements" | "releaseStatements"> {
  switch (kind) {
    case "flight":
      return flightInventoryHandler;
    // "hotel" and "bus" plug in here too.
    default:
      return {};
  }
}
