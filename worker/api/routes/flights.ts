import { Hono } from "hono";
import type { ApiEnv } from "../app-env";
import { searchContextOf } from "../caller";
import { flightSearchAnswer } from "../responses/travel";
import { describeRoute } from "../route-info";
import { validate } from "../validate";
import { flightSearchSchema, searchFlights } from "../../domain/travel/flights/search";
import { SEARCH_ID_HEADER, SUPPLIER_DELAY_HEADER, namedSearchSignal } from "../../domain/travel/flights/named-searches";

export { SEARCH_ID_HEADER, SUPPLIER_DELAY_HEADER };

/** /api/flights (spec §7, issue 27). Public: searching needs no account. */
export const flightRoutes = new Hono<ApiEnv>().post(
  "/search",
  describeRoute({
    summary: "Search flights",
    description:
      "One way or return, for up to 9 passengers. Filters and sort run on the server; `facets` give the lowest fare per airline and per number of stops over every offer before the filters. Cancellable: when the caller aborts the request, the supplier stops its work. Each offer's `id` is signed; the cart re-prices it before payment.",
    responses: { 200: flightSearchAnswer },
    errors: [400, 422, 429, 503],
  }),
  validate("json", flightSearchSchema),
  async (c) => {
    const { config } = c.var;
    const devDelayMs = config.ENVIRONMENT === "production" ? 0 : Number(c.req.header(SUPPLIER_DELAY_HEADER) ?? 0) || 0;
    const searchId = config.ENVIRONMENT === "production" ? undefined : c.req.header(SEARCH_ID_HEADER);
    const named = searchId ? namedSearchSignal(searchId, c.req.raw.signal) : null;
    try {
      const data = await searchFlights(c.var, config, c.req.valid("json"), {
        ...searchContextOf(c, named?.signal ?? c.req.raw.signal),
        devDelayMs,
      });
      return c.json({ success: true as const, data });
    } finally {
      named?.forget();
    }
  },
);
