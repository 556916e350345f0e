import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../app-env";
import { ApiError } from "../errors";
import { requireUserMiddleware } from "../guard";
import { idempotencyKeyOf, requireIdempotencyKey } from "../idempotency";
import { bookingAnswer, bookingView } from "../responses/bookings";
import { count, day, ok, pagination } from "../responses/common";
import { describeRoute } from "../route-info";
import { validate } from "../validate";
import { BOOKING_REQUESTED, createBooking } from "../../domain/bookings/create";
import { limitBookingRequest } from "../../domain/bookings/limits";
import { emailNewRequest } from "../../domain/bookings/emails";
import {
  approveBody,
  createBookingSchema,
  customerListQuery,
  rejectBody,
  sellerListQuery,
  statusBody,
} from "../../domain/bookings/schemas";
import { cancelAsCustomer, respondToBooking } from "../../domain/bookings/respond";
import { bookingVisibleTo, findBooking, listCustomerBookings, listSellerBookings } from "../../domain/bookings/service";
import { findCustomer } from "../../domain/auth/accounts";
import { todayInIndia } from "../../domain/bookings/transitions";

const sellerOnly = requireUserMiddleware("seller");

/** /api/bookings — issue #5, paths of spec §7. Every route needs a session. */
export const bookingRoutes = new Hono<ApiEnv>()
  .use(requireUserMiddleware())
  .post(
    "/",
    // SECURITY: only customers book; a seller or admin account cannot place requests.
    requireUserMiddleware("user", "Only customer accounts can request bookings"),
    describeRoute({
      summary: "Request a booking",
      description: "The price is computed on the server. The Idempotency-Key makes a retry answer as the first request did (ADR 0009).",
      responses: { 201: bookingAnswer },
      returns: "The booking; `Idempotent-Replayed: true` on a replay",
      idempotencyKey: "required",
      errors: [400, 404, 409, 429],
    }),
    // The key is checked before the body, so a request without one is a 400 whatever it sends.
    requireIdempotencyKey,
    validate("json", createBookingSchema),
    async (c) => {
      const key = idempotencyKeyOf(c, { required: true });
      const input = c.req.valid("json");
      await limitBookingRequest(c.var.db, c.var.userId, key, input.packageId, c.var.now.getTime());
      const customer = await findCustomer(c.var.db, c.var.userId);
      const { booking, replayed, seller } = await createBooking(c.var.db, customer, key, input, c.var.now);
      if (seller) await emailNewRequest(c.var.db, c.var.config, booking, seller, c.var.tenant);
      if (replayed) c.header("Idempotent-Replayed", "true");
      return c.json({ success: true, data: booking, message: BOOKING_REQUESTED }, 201, {
        "content-type": "application/json; charset=utf-8",
      });
    },
  )
  .get(
    "/",
    describeRoute({
      summary: "The signed-in customer's bookings",
      responses: {
        200: z.object({
          success: ok,
          data: z.array(bookingView),
          pagination,
          stats: z.object({ activeBookings: count, completedTrips: count, totalSavings: count.describe("In paise") }),
          today: day.describe("Today in India, which the stats and `when` are counted on"),
        }),
      },
    }),
    validate("query", customerListQuery),
    async (c) => {
      const result = await listCustomerBookings(c.var, c.var.userId, c.req.valid("query"), todayInIndia(c.var.now));
      return c.json({ success: true, ...result });
    },
  )
  .get(
    "/seller/bookings",
    sellerOnly,
    describeRoute({
      summary: "The signed-in seller's booking requests",
      responses: {
        200: z.object({
          success: ok,
          data: z.array(bookingView),
          pagination,
          summary: z.object({
            counts: z.object({ pending: count, confirmed: count, cancelled: count, rejected: count }),
            confirmedRevenue: count.describe("In paise"),
          }),
        }),
      },
    }),
    validate("query", sellerListQuery),
    async (c) => {
      const result = await listSellerBookings(c.var, c.var.userId, c.req.valid("query"));
      return c.json({ success: true, ...result });
    },
  )
  .put(
    "/seller/bookings/:id/approve",
    sellerOnly,
    describeRoute({
      summary: "Approve a pending booking",
      description:
        'Emails the customer, quoting `message` when one is given. Without one the booking records "Booking approved by seller" and the email quotes nothing. The answer waits for the decision only; the email follows on the queue.',
      responses: { 200: bookingAnswer },
      errors: [404, 409],
    }),
    validate("json", approveBody),
    async (c) => {
      const { message } = c.req.valid("json");
      const booking = await respondToBooking(c.var.db, c.var.config, c.var.userId, c.req.param("id"), "approved", message, c.var.now);
      return c.json({ success: true, data: booking, message: "Booking approved successfully" });
    },
  )
  .put(
    "/seller/bookings/:id/reject",
    sellerOnly,
    describeRoute({
      summary: "Reject a pending booking with a reason",
      description:
        'Emails the customer. A paid request is refunded in full: the answer waits for the decision only, so it still says `paymentStatus: "completed"`; the refund and the email follow on the queue, and the booking reads `refunded` once the provider made it.',
      responses: { 200: bookingAnswer },
      errors: [404, 409],
    }),
    validate("json", rejectBody),
    async (c) => {
      const booking = await respondToBooking(
        c.var.db,
        c.var.config,
        c.var.userId,
        c.req.param("id"),
        "rejected",
        c.req.valid("json").message,
        c.var.now,
      );
      return c.json({ success: true, data: booking, message: "Booking rejected" });
    },
  )
  .get(
    "/:id",
    describeRoute({
      summary: "One booking, to its customer or its seller",
      responses: { 200: bookingAnswer },
      errors: [404],
    }),
    async (c) => {
      // The booking is read beside the session check; who may see it is decided once the account is known.
      const [booking, user] = await Promise.all([findBooking(c.var, c.req.param("id")), c.var.user]);
      return c.json({ success: true, data: bookingVisibleTo(booking, user), message: "Booking fetched successfully" });
    },
  )
  .put(
    "/:id/status",
    describeRoute({
      summary: "Cancel one's own booking",
      description: "Only `cancelled` is accepted here; the seller approves or rejects through the seller routes. Emails the seller.",
      responses: { 200: bookingAnswer },
      errors: [404, 409],
    }),
    validate("json", statusBody),
    async (c) => {
      const { status } = c.req.valid("json");
      if (status !== "cancelled") throw new ApiError(403, "Only the seller can approve or reject a booking");
      const booking = await cancelAsCustomer(c.var.db, c.var.config, c.var.userId, c.req.param("id"), c.var.now);
      return c.json({ success: true, data: booking, message: "Booking cancelled" });
    },
  );
