import { Hono } from "hono";
import type { ApiEnv } from "../app-env";
import { requireUserMiddleware } from "../guard";
import { describeRoute } from "../route-info";
import { done } from "../responses/common";
import { departureAnswer, departureList } from "../responses/departures";
import { validate } from "../validate";
import { addDeparture, changeDeparture, removeDeparture } from "../../domain/departures/manage";
import { sellerDepartures } from "../../domain/departures/read";
import { departureChange, departureInput } from "../../domain/departures/schemas";
import { idParam } from "../../domain/seller-admin/schemas";

/**
 * /api/seller-departures — the signed-in seller's departures and their seats (ADR 0044).
 * SECURITY: behind the seller guard; every handler passes the signed-in seller's id, so another seller's
 * departure or package is a 404.
 */
export const sellerDepartureRoutes = new Hono<ApiEnv>()
  .use(requireUserMiddleware("seller"))
  .get(
    "/",
    describeRoute({
      summary: "The seller's departures with seats sold, held and left",
      responses: { 200: departureList },
    }),
    async (c) => {
      return c.json({ success: true as const, departures: await sellerDepartures(c.var, c.var.userId, c.var.now) });
    },
  )
  .post(
    "/",
    describeRoute({
      summary: "Add a departure to one of the seller's packages",
      description:
        "A date after today, 1 to 999 seats, a booking cut-off of 0 to 720 hours, an optional minimum group size and open or closed. One departure per package and date (409).",
      responses: { 201: departureAnswer },
      errors: [404, 409],
    }),
    validate("json", departureInput),
    async (c) => {
      const departure = await addDeparture(c.var.db, c.var.config, c.var.userId, c.req.valid("json"), c.var.now);
      return c.json({ success: true as const, departure, message: "Departure added" }, 201);
    },
  )
  .put(
    "/:id",
    describeRoute({
      summary: "Change a departure's seats, cut-off, group size or status",
      description: "Never fewer seats than are sold and held (409).",
      responses: { 200: done },
      errors: [404, 409],
    }),
    validate("param", idParam),
    validate("json", departureChange),
    async (c) => {
      await changeDeparture(c.var.db, c.var.config, c.var.userId, c.req.valid("param").id, c.req.valid("json"), c.var.now);
      return c.json({ success: true as const, message: "Departure updated" });
    },
  )
  .delete(
    "/:id",
    describeRoute({
      summary: "Delete a departure without sales",
      description: "A departure with seats sold or held is a 409: close it instead.",
      responses: { 200: done },
      errors: [404, 409],
    }),
    validate("param", idParam),
    async (c) => {
      await removeDeparture(c.var.db, c.var.config, c.var.userId, c.req.valid("param").id, c.var.now);
      return c.json({ success: true as const, message: "Departure deleted" });
    },
  );
