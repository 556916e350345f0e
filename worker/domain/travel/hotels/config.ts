import type { AppConfig } from "../../../env";
import { aggregatorHotelSupplier } from "./aggregator";
import { offlineHotelSupplier } from "./offline";
import type { HotelSupplier } from "./types";

const cache = new WeakMap<AppConfig, HotelSupplier>();

/**
 * The hotel supplier configuration chooses (ADR 0047), as checkout chooses its payment provider: an aggregator's API
 * when HOTEL_SUPPLIER_URL and HOTEL_SUPPLIER_KEY are set, otherwise the built-in offline supplier over the seeded tables.
 */
export function hotelSupplierOf(config: AppConfig): HotelSupplier {
  let supplier = cache.get(config);
  if (!supplier) {
    supplier =
      config.HOTEL_SUPPLIER_URL && config.HOTEL_SUPPLIER_KEY
        ? aggregatorHotelSupplier({ url: config.HOTEL_SUPPLIER_URL, key: config.HOTEL_SUPPLIER_KEY, timeoutMs: config.SUPPLIER_TIMEOUT_MS })
        : offlineHotelSupplier;
    cache.set(config, supplier);
  }
  return supplier;
}
