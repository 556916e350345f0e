import { Hono } from "hono";
import { z } from "zod";
import { readViewer } from "../auth/session";
import { D1_CALLS_HEADER, requestDb, requestLoad } from "../db/request-db";
import { authRoutes } from "./routes/auth";
import { bookingRoutes } from "./routes/bookings";
import { sellerPaymentRoutes } from "./routes/seller-payments";
import { cartRoutes, paymentRoutes, webhookRoutes } from "./routes/payments";
import { devRoutes } from "./routes/dev";
import { flightRoutes } from "./routes/flights";
import { travelBookingRoutes } from "./routes/travel-bookings";
import { sellerAdminRoutes } from "./routes/seller-admin";
import { sellerDepartureRoutes } from "./routes/seller-departures";
import { sellerRequestRoutes } from "./routes/seller-requests";
import { superadminRoutes } from "./routes/superadmin";
import { studentRoutes } from "./routes/student-verification";
import { reviewRoutes } from "./routes/reviews";
import { sellerWebsiteRoutes } from "./routes/seller-website";
import { busRoutes, hotelRoutes } from "./routes/stays-and-buses";
import { readConfig } from "../env";
import { resolveApiTenant } from "../tenant";
import { requestTime } from "../clock";
import type { ApiEnv } from "./app-env";
import { renderDocsPage } from "./docs-page";
import { errorResponse, notFound } from "./errors";
import { sameOriginForCookies } from "./guard";
import { type OpenApiDocument, buildOpenApiDocument } from "./openapi";
import type { NoDrift, ResponseDrift } from "./declared-responses";
import { openApiDocument } from "./responses/platform";
import { describeRoute } from "./route-info";

export type { ApiEnv };

export function createApiApp() {
  const app = new Hono<ApiEnv>().basePath("/api");

  app.use(async (c, next) => {
    const config = readConfig(c.env);
    c.set("config", config);
    // Every D1 round trip is counted and reported (x-tb-d1-calls), as for pages: a signed-in read costs one.
    const { db, d1Calls } = requestDb(c.env, config, c.req.raw);
    c.set("db", db);
    c.set("load", requestLoad(db, config, c.req.raw));
    // The site the call was made from, from the one tenant source (worker/tenant/): it brands emails only.
    const now = new Date(requestTime(c.req.raw, c.env, config));
    c.set("now", now);
    c.set("tenant", await resolveApiTenant(c.req.raw, config, db, undefined, now.getTime()));
    c.set("viewer", await readViewer(c.req.raw, config));
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
    c.header(D1_CALLS_HEADER, String(d1Calls.calls));
  });
  app.use(sameOriginForCookies);

  app.notFound(() => {
    throw notFound("No such API route");
  });
  app.onError((error, c) => errorResponse(c, error));

  // Chained, so that `typeof apiApp` carries every route's answers, held against their declared schemas below.
  const routes = app
    .get("/health", describeRoute({ summary: "Liveness", responses: { 200: z.object({ ok: z.literal(true) }) }, database: false }), (c) =>
      c.json({ ok: true }),
    )
    .route("/auth", authRoutes)
    .route("/bookings", bookingRoutes)
    .route("/flights", flightRoutes)
    .route("/travel-bookings", travelBookingRoutes)
    .route("/cart", cartRoutes)
    .route("/payments", paymentRoutes)
    .route("/webhooks", webhookRoutes)
    .route("/seller-payments", sellerPaymentRoutes)
    .route("/seller-website", sellerWebsiteRoutes)
    .route("/seller-admin", sellerAdminRoutes)
    .route("/seller-departures", sellerDepartureRoutes)
    .route("/seller-requests", sellerRequestRoutes)
    .route("/student-verification", studentRoutes)
    .route("/superadmin", superadminRoutes)
    .route("/hotels", hotelRoutes)
    .route("/buses", busRoutes)
    .route("/reviews", reviewRoutes)
    .route("/dev", devRoutes);

  // The document is read from this app's route table once per isolate (ADR 0023), and its docs page is rendered once
  // too: rendering it took each request about three times the CPU of an uncached seller landing.
  const documents = new Map<boolean, { doc: OpenApiDocument; page?: string }>();
  const documentFor = (development: boolean) => {
    let entry = documents.get(development);
    if (!entry) {
      entry = { doc: buildOpenApiDocument(app.routes, { development }) };
      documents.set(development, entry);
    }
    return entry;
  };
  return routes
    .get(
      "/openapi.json",
      describeRoute({ summary: "This API's OpenAPI 3.1 document", responses: { 200: openApiDocument }, database: false }),
      (c) => c.json(documentFor(c.var.config.ENVIRONMENT === "development").doc),
    )
    .get(
      "/docs",
      describeRoute({
        summary: "This API's documentation as a page",
        responses: { 200: z.string() },
        mediaType: "text/html",
        returns: "An HTML page",
        database: false,
      }),
      (c) => {
        const entry = documentFor(c.var.config.ENVIRONMENT === "development");
        entry.page ??= renderDocsPage(entry.doc);
        return c.html(entry.page);
      },
    );
}

export const apiApp = createApiApp();

/** The API's routes with their inputs, their handlers' answers and their declared answers. */
export type AppType = typeof apiApp;

/**
 * Compiles only while every handler answers what its `describeRoute({ responses })` declares: a handler that
 * drifts from its documented schema fails the type check, naming the route and status (declared-responses.ts).
 */
export type AnswersAsDeclared = NoDrift<ResponseDrift<AppType>>;
