import type { AppConfig } from "../../env";
import { busSupplierOf } from "./buses/config";
import { busHandler, busHandlerOf } from "./buses/handler";
import { flightHandler, flightInventoryHandler } from "./flights/handler";
import { hotelSupplierOf } from "./hotels/config";
import { hotelHandlerOf } from "./hotels/handler";
import type { TravelKind, TravelKindHandler } from "./offer";

/**
 * Which handler the cart and checkout call for each travel kind (issue 27). Its supplier comes from configuration,
 * so a kind's real aggregator replaces the offline one without the cart knowing.
 */
export function travelHandlerOf(kind: TravelKind, config: AppConfig): TravelKindHandler | null {
  switch (kind) {
    case "flight":
      return flightHandler(config);
    case "hotel":
      return hotelHandlerOf(hotelSupplierOf(config));
    case "bus":
      return busHandlerOf(busSupplierOf(config));
    default:
      return null;
  }
}

/** The statements that take and give back a kind's inventory, for the capture and cancellation batches (no config). */
export function travelInventoryOf(kind: TravelKind): Pick<TravelKindHandler, "bookStatements" | "releaseStatements"> {
  switch (kind) {
    case "flight":
      return flightInventoryHandler;
    case "bus":
      // A bus's seats are rows of bus_seats whatever the supplier: its statements need no configuration.
      return { bookStatements: busHandler.bookStatements, releaseStatements: busHandler.releaseStatements };
    // A hotel stay holds no inventory of ours: the supplier re-prices it (sold out or changed) at checkout.
    default:
      return {};
  }
}
