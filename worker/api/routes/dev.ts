import { desc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { outbox } from "@db/schema";
import type { ApiEnv } from "../app-env";
import { developmentOnly } from "../guard";
import { describeRoute } from "../route-info";
import { count, ok } from "../responses/common";
import { sentEmail } from "../responses/platform";
import { validate } from "../validate";
import { badRequest, notFound } from "../errors";
import { expireUnanswered } from "../../domain/payments/expiry";
import { resendPending } from "../../domain/follow-ups/outbox";
import { offlineSupplierStats } from "../../domain/travel/flights/offline";
import { moveFlightFare } from "../../domain/travel/flights/dev-fares";
import { abortNamedSearch } from "../../domain/travel/flights/named-searches";

/** A search's name as a test gives it in `x-tb-search-id` ("s1"): letters, digits, `.`, `_`, `:` and `-`. */
const searchId = z.string().regex(/^[A-Za-z0-9._:-]{1,100}$/, "Name the search as its x-tb-search-id header did");

/** Development-only helpers; every route here is 404 unless ENVIRONMENT is development. */
export const devRoutes = new Hono<ApiEnv>()
  .use(developmentOnly)
  .get(
    "/outbox",
    describeRoute({
      summary: "Emails sent to an address (development only)",
      responses: { 200: z.object({ messages: z.array(sentEmail) }) },
      returns: "Newest first, at most 50",
    }),
    validate("query", z.object({ to: z.string().trim().toLowerCase().email("Enter a valid email address") })),
    async (c) => {
      const { to } = c.req.valid("query");
      const rows = await c.var.load(
        c.var.db
          .select({ to: outbox.to, subject: outbox.subject, text: outbox.text, status: outbox.status, createdAt: outbox.createdAt })
          .from(outbox)
          .where(eq(outbox.to, to))
          .orderBy(desc(outbox.createdAt), sql`rowid desc`)
          .limit(50),
      );
      return c.json({ messages: rows });
    },
  )
  .post(
    "/scheduled",
    describeRoute({
      summary: "Run the scheduled payments job now (development only)",
      description:
        "What the 15-minute Cron Trigger runs: seats of lapsed checkout holds given back, expiry of unanswered paid requests, refund retries, and follow-ups pending for over a minute put on the queue again. With TEST_CLOCK=1, `x-tb-now` sets its clock.",
      responses: {
        200: z.object({ success: ok, data: z.object({ expired: count, refundsRetried: count, followUpsResent: count }) }),
      },
    }),
    async (c) => {
      const { db, config, now } = c.var;
      const payments = await expireUnanswered(db, config, now);
      const { resent } = await resendPending(db, config, now);
      return c.json({ success: true, data: { ...payments, followUpsResent: resent } });
    },
  )
  .get(
    "/flight-supplier",
    describeRoute({
      summary: "What the offline flight supplier did in this isolate (development only)",
      description: "Searches started, completed and aborted: an aborted search stops before it finishes (issue 27).",
      responses: { 200: z.object({ started: count, completed: count, aborted: count, carriersGenerated: count }) },
      database: false,
    }),
    (c) => c.json({ ...offlineSupplierStats }),
  )
  .post(
    "/flight-fare",
    describeRoute({
      summary: "Move one flight's fare on one day (development only)",
      description:
        "Adds `fareAdjust` paise to each adult's base fare of the flight (`6E-2134:2026-12-15`): a fare that changed after the search.",
      responses: { 200: z.object({ success: ok }) },
    }),
    validate(
      "json",
      z.object({
        flightKey: z.string().regex(/^[0-9A-Z]{2}-\d{1,4}:\d{4}-\d{2}-\d{2}$/),
        fareAdjust: z.number().int().min(-1_000_000).max(10_000_000),
      }),
    ),
    async (c) => {
      const { flightKey, fareAdjust } = c.req.valid("json");
      await moveFlightFare(c.var.db, flightKey, fareAdjust);
      return c.json({ success: true as const });
    },
  )
  .post(
    "/flight-searches/:id/abort",
    describeRoute({
      summary: "Abort a named flight search (development only)",
      description:
        "What a disconnect does on Cloudflare (Miniflare does not forward it): the running search named by its `x-tb-search-id` stops. Takes no body; a name no search is running under is 404.",
      responses: { 200: z.object({ aborted: z.literal(true) }) },
      errors: [400, 404, 422],
      database: false,
    }),
    validate("param", z.object({ id: searchId })),
    async (c) => {
      if ((await c.req.text()) !== "") throw badRequest("This call takes no body");
      if (!abortNamedSearch(c.req.valid("param").id)) throw notFound("No search of that name is running");
      return c.json({ aborted: true as const });
    },
  );
