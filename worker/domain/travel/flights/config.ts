import type { AppConfig } from "../../../env";
import { offlineFlightSupplier } from "./offline";
import type { FlightSupplier } from "./supplier";

/** The longest artificial delay development may ask of the offline supplier per carrier (ms). */
export const MAX_DEV_DELAY_MS = 5_000;

/**
 * The flight supplier configuration chooses (ADR 0053), like the payment provider: FLIGHT_SUPPLIER names it. Only
 * the built-in offline one exists today; an aggregator's adapter is added here under its own name and secrets.
 * `devDelayMs` (development only) slows the offline supplier so a test can watch a search being cancelled.
 */
export function flightSupplierOf(config: AppConfig, devDelayMs = 0): FlightSupplier {
  const delayMs = config.ENVIRONMENT === "production" ? 0 : Math.min(Math.max(0, devDelayMs), MAX_DEV_DELAY_MS);
  switch (config.FLIGHT_SUPPLIER) {
    default:
      return offlineFlightSupplier({ delayMs });
  }
}

/** The request's signal, cut off after the configured timeout: every supplier call runs under it. */
export function supplierSignal(config: AppConfig, signal?: AbortSignal) {
  const timeout = AbortSignal.timeout(config.FLIGHT_SUPPLIER_TIMEOUT_MS);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}
