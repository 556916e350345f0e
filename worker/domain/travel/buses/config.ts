import type { AppConfig } from "../../../env";
import { aggregatorBusSupplier } from "./aggregator";
import { offlineBusSupplier } from "./offline";
import type { BusSupplier } from "./types";

const cache = new WeakMap<AppConfig, BusSupplier>();

/**
 * The bus supplier configuration chooses (ADR 0047): an aggregator's API when BUS_SUPPLIER_URL and BUS_SUPPLIER_KEY are
 * set, otherwise the built-in offline supplier over the seeded tables.
 */
export function busSupplierOf(config: AppConfig): BusSupplier {
  let supplier = cache.get(config);
  if (!supplier) {
    supplier =
      config.BUS_SUPPLIER_URL && config.BUS_SUPPLIER_KEY
        ? aggregatorBusSupplier({ url: config.BUS_SUPPLIER_URL, key: config.BUS_SUPPLIER_KEY, timeoutMs: config.SUPPLIER_TIMEOUT_MS })
        : offlineBusSupplier;
    cache.set(config, supplier);
  }
  return supplier;
}
