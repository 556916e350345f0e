import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../app-env";
import { requireUserMiddleware } from "../guard";
import { count, ok } from "../responses/common";
import { describeRoute } from "../route-info";
import { cancelTravelBooking } from "../../domain/travel/cancel";

/** /api/travel-bookings (issue 27): the signed-in traveller's own flights, stays and bus trips. */
export const travelBookingRoutes = new Hono<ApiEnv>().use(requireUserMiddleware()).post(
  "/:id/cancel",
  describeRoute({
    summary: "Cancel a flight, stay or bus booking by its fare rules",
    description: "Refunds what the fare's rules allow through the payment provider.",
    responses: {
      200: z.object({
        success: ok,
        data: z.object({
          id: z.string(),
          status: z.literal("cancelled"),
          refundAmount: count,
          refund: z.object({ status: z.string(), amount: count }).nullable(),
        }),
      }),
    },
    errors: [401, 404, 409],
  }),
  async (c) => {
    const data = await cancelTravelBooking(c.var.db, c.var.config, c.var.userId, c.req.param("id"), c.var.now);
    return c.json({ success: true as const, data });
  },
);
