import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { sellers } from "@db/schema";
import type { ApiEnv } from "../../api/app-env";
import { ApiError, badRequest, forbidden } from "../../api/errors";
import { requireRole, requireUser } from "../../api/guard";
import { idempotencyKeyOf } from "../../api/idempotency";
import { validate } from "../../api/validate";
import { createBooking } from "./create";
import { emailCancellation, emailDecision, emailNewRequest } from "./emails";
import { approveBody, createBookingSchema, customerListQuery, rejectBody, sellerListQuery, statusBody } from "./schemas";
import { cancelBooking, decideBooking, listCustomerBookings, listSellerBookings, readBookingAs } from "./service";

/** /api/bookings — issue #5, paths of spec §7. */
export const bookingRoutes = new Hono<ApiEnv>()
  .post("/", async (c) => {
    const customer = await requireUser(c);
    // SECURITY: only customers book; a seller or admin account cannot place requests.
    if (customer.role !== "user") throw forbidden("Only customer accounts can request bookings");
    const key = idempotencyKeyOf(c, { required: true });
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      throw badRequest("Malformed request body");
    }
    const input = createBookingSchema.parse(raw);
    const answer = await createBooking(c.var.db, customer, key, input);
    if (answer.created)
      await emailNewRequest(c.var.db, c.var.config, answer.created.booking, {
        email: answer.created.sellerEmail,
        name: answer.created.sellerName,
      });
    if (answer.replayed) c.header("Idempotent-Replayed", "true");
    return c.body(answer.body, answer.status, { "content-type": "application/json; charset=utf-8" });
  })
  .get("/", validate("query", customerListQuery), async (c) => {
    const user = await requireUser(c);
    const result = await listCustomerBookings(c.var.db, user.id, c.req.valid("query"));
    return c.json({ success: true, ...result });
  })
  .get("/seller/bookings", validate("query", sellerListQuery), async (c) => {
    const seller = await requireRole(c, "seller");
    const result = await listSellerBookings(c.var.db, seller.id, c.req.valid("query"));
    return c.json({ success: true, ...result });
  })
  .put("/seller/bookings/:id/approve", validate("json", approveBody), async (c) => {
    const seller = await requireRole(c, "seller");
    const message = c.req.valid("json").message || "Booking approved by seller";
    const booking = await decideBooking(c.var.db, seller.id, c.req.param("id"), "approved", message);
    await emailDecision(c.var.db, c.var.config, booking);
    return c.json({ success: true, data: booking, message: "Booking approved successfully" });
  })
  .put("/seller/bookings/:id/reject", validate("json", rejectBody), async (c) => {
    const seller = await requireRole(c, "seller");
    const booking = await decideBooking(c.var.db, seller.id, c.req.param("id"), "rejected", c.req.valid("json").message);
    await emailDecision(c.var.db, c.var.config, booking);
    return c.json({ success: true, data: booking, message: "Booking rejected" });
  })
  .get("/:id", async (c) => {
    const user = await requireUser(c);
    const booking = await readBookingAs(c.var.db, user, c.req.param("id"));
    return c.json({ success: true, data: booking, message: "Booking fetched successfully" });
  })
  .put("/:id/status", validate("json", statusBody), async (c) => {
    const user = await requireUser(c);
    const { status } = c.req.valid("json");
    if (status !== "cancelled") throw new ApiError(403, "Only the seller can approve or reject a booking");
    const booking = await cancelBooking(c.var.db, user.id, c.req.param("id"));
    const seller = await c.var.db.select({ email: sellers.email }).from(sellers).where(eq(sellers.id, booking.sellerId)).get();
    if (seller) await emailCancellation(c.var.db, c.var.config, booking, seller.email);
    return c.json({ success: true, data: booking, message: "Booking cancelled" });
  });
