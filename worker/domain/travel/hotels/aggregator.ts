import { z } from "zod";
import { unavailable } from "../../errors";
import { type AggregatorConfig, callAggregator } from "../supplier";
import { facilityShape, hotelContentShape, supplierHotelRatesShape } from "./schemas";
import type { HotelSupplier } from "./types";

/**
 * A hotel aggregator behind its HTTP API (ADR 0047). It speaks the provider-neutral shapes of schemas.ts:
 * `GET facilities`, `GET hotels/{id}`, `POST rates` under HOTEL_SUPPLIER_URL, with HOTEL_SUPPLIER_KEY as a bearer
 * token; a real aggregator (TBO, Hotelbeds…) is reached through a thin translating service or a sibling of this file.
 * Every call is bounded by SUPPLIER_TIMEOUT_MS and the request's own signal.
 */
function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw unavailable("The hotel supplier answered something we cannot read. Please try again.");
  return result.data;
}

export function aggregatorHotelSupplier(config: AggregatorConfig): HotelSupplier {
  return {
    name: "aggregator",
    async facilities(_reader, context) {
      return parsed(z.array(facilityShape), await callAggregator(config, "facilities", undefined, context.signal, "hotel"));
    },
    async content(_reader, hotelId, context) {
      const answer = await callAggregator(config, `hotels/${encodeURIComponent(hotelId)}`, undefined, context.signal, "hotel");
      return answer === null ? null : parsed(hotelContentShape, answer);
    },
    async rates(_reader, query, context) {
      return parsed(z.array(supplierHotelRatesShape), await callAggregator(config, "rates", query, context.signal, "hotel"));
    },
  };
}
