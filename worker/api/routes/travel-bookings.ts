import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../app-env";
import { requireUserMiddleware } from "../guard";
import { count, ok } from "../responses/common";
import { describeRoute } from "../route-info";
import { cancelTravelBooking, findTravelBooking } from "../../domain/travel/cancel";

const travelBookingView = z.object({
  id: z.string(),
  bookingRef: z.string(),
  kind: z.enum(["flight", "hotel", "bus"]),
  title: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  amount: count,
  status: z.enum(["confirmed", "cancelled"]),
  refundAmount: count.nullable(),
});

/** /api/travel-bookings (issue 27): the signed-in traveller's own flights, stays and bus trips. */
export const travelBookingRoutes = new Hono<ApiEnv>()
  .use(requireUserMiddleware())
  .get(
    "/:id",
    describeRoute({
      summary: "One of the traveller's flight, stay or bus bookings",
      responses: { 200: z.object({ success: ok, data: travelBookingView }) },
      errors: [401, 404],
    }),
    async (c) => {
      const b = await findTravelBooking(c.var.db, c.var.userId, c.req.param("id"));
      return c.json({
        success: true as const,
        data: {
          id: b.id,
          bookingRef: b.bookingRef,
          kind: b.kind,
          title: b.title,
          startDate: b.startDate,
          endDate: b.endDate,
          amount: b.amount,
          status: b.status,
          refundAmount: b.refundAmount,
        },
      });
    },
  )
  .post(
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
