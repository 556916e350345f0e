import { z } from "zod";
import { unavailable } from "../../errors";
import { type AggregatorConfig, callAggregator } from "../supplier";
import { busSeatShape, supplierTripShape } from "./schemas";
import type { BusSupplier } from "./types";

/**
 * A bus aggregator behind its HTTP API (ADR 0047), in the provider-neutral shapes of schemas.ts: `POST search` and
 * `GET trips/{serviceId}/{date}/seats` under BUS_SUPPLIER_URL with BUS_SUPPLIER_KEY as a bearer token, every call
 * bounded by SUPPLIER_TIMEOUT_MS and the request's signal.
 */
function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw unavailable("The bus supplier answered something we cannot read. Please try again.");
  return result.data;
}

export function aggregatorBusSupplier(config: AggregatorConfig): BusSupplier {
  return {
    name: "aggregator",
    async search(_reader, query, context) {
      return parsed(z.array(supplierTripShape), await callAggregator(config, "search", query, context.signal, "bus"));
    },
    async seats(_reader, { serviceId, date }, context) {
      const path = `trips/${encodeURIComponent(serviceId)}/${encodeURIComponent(date)}/seats`;
      const answer = await callAggregator(config, path, undefined, context.signal, "bus");
      return answer === null ? null : parsed(z.object({ trip: supplierTripShape, seats: z.array(busSeatShape) }), answer);
    },
  };
}
