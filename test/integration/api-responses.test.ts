import Ajv2020 from "ajv/dist/2020.js";
import { sisterHandoverToken } from "../support/security-tokens";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Response as Answer, JsonSchema, OpenApiDocument, Operation } from "../../worker/api/openapi";
import { CLOCK_HEADER } from "../../worker/clock";
import { bookingRequest, idemKey, insertPaidTrip } from "../support/bookings";
import { testNow, testToday } from "../support/clock";
import { hmacHex, webhookBody } from "../support/payments";
import { SAMPLE_PACKAGE } from "../support/security-routes";
import { TEST_ENV } from "../support/env";
import { type Session, bearer, latestCode, loginViaApi, waitForEmail } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

// Issue 22: the OpenAPI document's answers are true. Every operation the document lists is called with the
// seeded data, and each success answer's body is validated against the schema the document declares for its
// status, with every object closed (a field the schema does not name fails too). The list of operations comes
// from the document, so a new route is called here without anyone listing it: a parameterless GET by itself,
// anything else by failing until it has a recipe below.

type Who = "anonymous" | "customer" | "seller" | "admin" | "newcomer";
/** One call: who makes it, the path's parameters, and what it sends. */
type Call = {
  as: Who;
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  raw?: { contentType: string; body: string | Uint8Array };
  headers?: Record<string, string>;
};
type Recipe = () => Call | Promise<Call>;

let w: TestWorker;
let doc: OpenApiDocument;
const sessions: Partial<Record<Who, Session>> = {};
/** Ids that one call makes and a later one uses. */
const made: Record<string, string> = {};
let nextIp = 1;
/** Each call from its own address, so the rate limits of one flow never refuse another. */
const freshIp = () => ({ "cf-connecting-ip": `198.18.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}` });

/** A day this many days after today in India, on the tests' clock. */
const inDays = (n: number) => new Date(Date.parse(`${testToday()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The tests' clock a minute on (the Worker honours it with TEST_CLOCK=1). */
const later = () => ({ [CLOCK_HEADER]: String(testNow() + 60_000) });

const NEWCOMER = { name: "Dora Docs", phone: "+91 90000 11111", email: "dora.docs@example.com", password: "Docs#2026first" };
const NEWCOMER_PASSWORD = "Docs#2026second";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAAOUlEQVR4AayNwQkAMAgDxWEKXaT/0kE6o9O4hfoN+fgxcI9AyOk6LxH/NxGVJgMD2yEIGwcUfMm9AAAA//9tSBROAAAABklEQVQDAJQ8GUEz6tl3AAAAAElFTkSuQmCC",
  "base64",
);

/** A student ID as the upload form sends it (multipart): a PNG, the institution and the course's end. */
async function studentIdForm() {
  const form = new FormData();
  form.set("institution", "Docs University");
  form.set("courseEndDate", "2099-06-30".replace("2099", String(new Date(testNow()).getUTCFullYear() + 2)));
  form.set("file", new File([new Uint8Array(PNG)], "student-id.png", { type: "image/png" }));
  const encoded = new Response(form);
  return { contentType: encoded.headers.get("content-type") ?? "", body: new Uint8Array(await encoded.arrayBuffer()) };
}

/** The customer's student ID waiting for the superadmin (not the seed's, which waits too). */
async function pendingStudentId() {
  const row = await w.d1
    .prepare("SELECT id FROM student_verifications WHERE status = 'pending' AND user_id = ?")
    .bind((sessions.customer as Session).user.id)
    .first<{ id: string }>();
  if (!row) throw new Error("no student ID is waiting");
  return row.id;
}

const REVIEW_TEXT = "A well planned trip from the first day to the last; the hotels were as promised.";
/** A confirmed, paid trip of Asha's that ended a few days ago, written straight to D1 (its id is its booking key). */
async function endedTrip(id: string) {
  await insertPaidTrip(w, {
    id,
    userId: "u_asha",
    packageId: "p_udaipur",
    startedAgo: 12,
    ref: `TB-1999-${id.length}${id.charCodeAt(id.length - 1)}`,
  });
  return id;
}

/** A request outside the calls under test (setting the scene for one), refused loudly if it fails. */
async function setUp(method: string, path: string, as: Who, body?: unknown, headers: Record<string, string> = {}) {
  const auth = as === "anonymous" ? {} : bearer(sessions[as] as Session);
  const res = await w.api(method, path, body, { ...auth, ...freshIp(), ...headers });
  if (res.status >= 300) throw new Error(`setting up with ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * How to call each operation successfully, in the order they run: a call may use what an earlier one made
 * (`made`), and the ones that end a session or change an account's role come last in their group.
 */
const RECIPES: Record<string, Recipe> = {
  "GET /api/openapi.json": () => ({ as: "anonymous" }),
  // Hotels and buses (issue 27): public reads of the offline suppliers.
  "GET /api/hotels/{id}": () => ({ as: "anonymous", params: { id: "sh_goa_sea_breeze" } }),
  "POST /api/hotels/rates": () => ({
    as: "anonymous",
    body: { city: "Goa", checkIn: inDays(20), checkOut: inDays(22), rooms: [{ adults: 2, childAges: [6] }] },
  }),
  "POST /api/buses/search": () => ({ as: "anonymous", body: { origin: "Bengaluru", destination: "Chennai", date: inDays(10) } }),
  "GET /api/buses/trips/{serviceId}/{date}": () => ({
    as: "anonymous",
    params: { serviceId: "bs_bengaluru_chennai_vrl_2200", date: inDays(10) },
  }),
  // Flights (issue 27): the public search.
  "POST /api/flights/search": () => ({ as: "anonymous", body: { origin: "DEL", destination: "BOM", departureDate: inDays(30) } }),
  "GET /api/docs": () => ({ as: "anonymous" }),

  "POST /api/auth/signup": () => ({ as: "anonymous", body: NEWCOMER }),
  // A new code may be asked for 30 seconds after the last: this call and the next are made on a clock moved past it.
  "POST /api/auth/resend-otp": () => ({ as: "anonymous", body: { userId: made.newcomer }, headers: later() }),
  "POST /api/auth/verify-otp": async () => ({
    as: "anonymous",
    body: { userId: made.newcomer, otp: await latestCode(w, NEWCOMER.email) },
    headers: later(),
  }),
  "POST /api/auth/login": () => ({ as: "anonymous", body: { email: NEWCOMER.email, password: NEWCOMER.password } }),
  "GET /api/auth/profile": () => ({ as: "newcomer" }),
  "PUT /api/auth/profile": () => ({ as: "newcomer", body: { name: "Dora D. Docs", phone: "+91 90000 22222" } }),
  "POST /api/auth/request-password-otp": () => ({ as: "newcomer", body: { current: NEWCOMER.password } }),
  "PUT /api/auth/password": async () => {
    const otp = await latestCode(w, NEWCOMER.email);
    return { as: "newcomer", body: { new: NEWCOMER_PASSWORD, confirm: NEWCOMER_PASSWORD, otp } };
  },
  "POST /api/auth/forgot-password": () => ({ as: "anonymous", body: { email: "owner@himalayan.example" } }),
  "POST /api/auth/reset-password": async () => {
    const mail = await waitForEmail(w, "owner@himalayan.example", (m) => m.text.includes("/reset-password/"));
    const token = /\/reset-password\/(\S+)/.exec(mail.text)?.[1];
    return { as: "anonymous", body: { token, password: "Glacier#2026", confirm: "Glacier#2026" } };
  },
  // Only the sister platform's single-use tokens are handed over (ADR 0036).
  "POST /api/auth/handover": async () => {
    const token = await sisterHandoverToken("u_asha", {});
    return { as: "anonymous", body: { token, user: btoa(JSON.stringify({ id: "u_asha" })) } };
  },
  "POST /api/auth/logout": () => ({ as: "anonymous" }),
  // Ends every session of its account: a new customer's, never a session the other calls use.
  "POST /api/auth/logout-everywhere": async () => {
    const email = `everywhere-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const signup = await w.api("POST", "/api/auth/signup", { name: "Meera Iyer", email, password: "Sunrise#2026" }, freshIp());
    const otp = await latestCode(w, email);
    const verified = await w.api("POST", "/api/auth/verify-otp", { userId: signup.body.userId, otp }, freshIp());
    return { as: "anonymous", headers: bearer(verified.body) };
  },

  "POST /api/bookings": () => ({ as: "customer", body: bookingRequest({ packageId: "p_goa" }), headers: { "idempotency-key": idemKey() } }),
  "GET /api/bookings": () => ({ as: "customer" }),
  "GET /api/bookings/{id}": () => ({ as: "customer", params: { id: made.booking } }),
  "PUT /api/bookings/{id}/status": () => ({ as: "customer", params: { id: made.booking }, body: { status: "cancelled" } }),
  "GET /api/bookings/seller/bookings": () => ({ as: "seller" }),
  "PUT /api/bookings/seller/bookings/{id}/approve": () => ({ as: "seller", params: { id: "bk_w1" }, body: { message: "See you in Goa" } }),
  "PUT /api/bookings/seller/bookings/{id}/reject": () => ({ as: "seller", params: { id: "bk_w2" }, body: { message: "Sold out" } }),

  "POST /api/cart": () => ({ as: "customer", body: bookingRequest({ packageId: "p_goa" }) }),
  "GET /api/cart": () => ({ as: "customer" }),
  "DELETE /api/cart/{id}": () => ({ as: "customer", params: { id: made.cartItem } }),
  "POST /api/payments/checkout": async () => {
    await setUp("POST", "/api/cart", "customer", bookingRequest({ packageId: "p_manali" }));
    return { as: "customer", body: { source: "cart" } };
  },
  "GET /api/payments/{id}": () => ({ as: "customer", params: { id: made.payment } }),
  "POST /api/payments/{id}/reopen": () => ({ as: "customer", params: { id: made.payment }, body: {} }),
  "POST /api/payments/{id}/test-pay": () => ({ as: "customer", params: { id: made.payment }, body: { outcome: "success" } }),
  "POST /api/payments/{id}/confirm": () => ({ as: "customer", params: { id: made.payment }, body: JSON.parse(made.providerAnswer) }),
  "POST /api/payments/{id}/failure": async () => {
    const started = await setUp("POST", "/api/payments/checkout", "customer", {
      source: "item",
      item: bookingRequest({ packageId: "p_jaipur" }),
    });
    return { as: "customer", params: { id: started.data.paymentId }, body: { reason: "Card declined" } };
  },
  "POST /api/webhooks/payments": async () => {
    const captured = { id: "pay_docs_1", order_id: made.order, amount: Number(made.amount), currency: "INR", status: "captured" };
    const body = webhookBody("payment.captured", captured);
    const signature = await hmacHex(TEST_ENV.TEST_PAYMENTS_WEBHOOK_SECRET, body);
    return {
      as: "anonymous",
      raw: { contentType: "application/json", body },
      headers: { "x-razorpay-signature": signature, "x-razorpay-event-id": "evt_docs_1" },
    };
  },
  "GET /api/seller-payments": () => ({ as: "seller" }),
  "GET /api/seller-payments/export.csv": () => ({ as: "seller" }),

  "GET /api/seller-website/seller/{sellerId}/website/config": () => ({ as: "anonymous", params: { sellerId: "s_wanderlust" } }),
  "GET /api/seller-website/seller/{sellerId}/website/package/all": () => ({ as: "anonymous", params: { sellerId: "s_wanderlust" } }),
  "GET /api/seller-website/seller/{sellerId}/website/package/{packageId}": () => ({
    as: "anonymous",
    params: { sellerId: "s_wanderlust", packageId: "p_goa" },
  }),
  "GET /api/seller-website/seller/{sellerId}/website/searchpackages/{query}": () => ({
    as: "anonymous",
    params: { sellerId: "s_wanderlust", query: "destination=goa&duration=5" },
  }),
  "POST /api/seller-website/seller/{sellerId}/website/messages": () => ({
    as: "anonymous",
    params: { sellerId: "s_wanderlust" },
    body: { name: "Ravi", email: "ravi@example.com", phone: "", subject: "Goa in May", message: "Is the sea calm in May?" },
  }),
  "PUT /api/seller-website/config": () => ({
    as: "seller",
    body: { themeColor: "#0f766e", secondaryColor: "#f59e0b", websiteName: "Wanderlust Journeys" },
  }),

  "GET /api/seller-admin/packages": () => ({ as: "seller" }),
  "POST /api/seller-admin/packages": () => ({ as: "seller", body: SAMPLE_PACKAGE }),
  "GET /api/seller-admin/packages/{id}": () => ({ as: "seller", params: { id: made.package } }),
  "PUT /api/seller-admin/packages/{id}": () => ({
    as: "seller",
    params: { id: made.package },
    body: { ...SAMPLE_PACKAGE, city: "Docs Bay" },
  }),
  "PUT /api/seller-admin/packages/{id}/status": () => ({ as: "seller", params: { id: made.package }, body: { status: "published" } }),
  "DELETE /api/seller-admin/packages/{id}": () => ({ as: "seller", params: { id: made.package } }),
  "GET /api/seller-departures": () => ({ as: "seller" }),
  "POST /api/seller-departures": () => ({ as: "seller", body: { packageId: "p_kerala_draft", startDate: "2031-01-15", capacity: 10 } }),
  "PUT /api/seller-departures/{id}": () => ({ as: "seller", params: { id: made.departure }, body: { capacity: 12, cutoffHours: 24 } }),
  "DELETE /api/seller-departures/{id}": () => ({ as: "seller", params: { id: made.departure } }),
  "GET /api/seller-admin/messages": () => ({ as: "seller" }),
  "PUT /api/seller-admin/messages/{id}": () => ({ as: "seller", params: { id: "msg_seed_1" }, body: { status: "read" } }),
  "GET /api/seller-admin/site": () => ({ as: "seller" }),
  "PUT /api/seller-admin/config": () => ({
    as: "seller",
    body: { themeColor: "#0f766e", secondaryColor: "#f59e0b", websiteName: "Wanderlust Journeys", wallpaperImage: null },
  }),
  "PUT /api/seller-admin/profile": () => ({ as: "seller", body: { bio: "Holidays across India since 2009." } }),
  // The seller's one change of address (ADR 0040); nothing later in this file visits the site by path.
  "PUT /api/seller-admin/site/slug": () => ({ as: "seller", body: { slug: "wanderlust-docs" } }),
  "POST /api/seller-admin/domains": () => ({ as: "seller", body: { hostname: "docs-trips.example.com" } }),
  "DELETE /api/seller-admin/domains/{id}": async () => {
    const added = await setUp("POST", "/api/seller-admin/domains", "seller", { hostname: "docs-gone.example.com" });
    return { as: "seller", params: { id: added.domain.id } };
  },
  "POST /api/seller-admin/domains/{id}/check": async () => {
    const added = await setUp("POST", "/api/seller-admin/domains", "seller", { hostname: "docs-check.example.com" });
    return { as: "seller", params: { id: added.domain.id } };
  },
  "POST /api/seller-admin/media": () => ({ as: "seller", raw: { contentType: "image/png", body: PNG } }),

  "POST /api/seller-requests": () => ({
    as: "newcomer",
    body: { businessName: "Docs Tours", phone: "+91 98000 12345", city: "Kochi", about: "Backwater holidays in Kerala since 2015." },
  }),
  "GET /api/seller-requests/mine": () => ({ as: "newcomer" }),
  "GET /api/superadmin/domains": () => ({ as: "admin" }),
  "POST /api/superadmin/domains/{id}/activate": () => ({ as: "admin", params: { id: made.domain } }),
  "POST /api/superadmin/domains/{id}/deactivate": async () => {
    const added = await setUp("POST", "/api/seller-admin/domains", "seller", { hostname: "docs-off.example.com" });
    return { as: "admin", params: { id: added.domain.id } };
  },
  "GET /api/superadmin/seller-requests": () => ({ as: "admin" }),
  "POST /api/superadmin/seller-requests/{id}/reject": async () => {
    const applied = await setUp("POST", "/api/seller-requests", "customer", {
      businessName: "Asha Escapes",
      phone: "+91 98111 22334",
      city: "Pune",
      about: "Weekend treks in the Sahyadris.",
    });
    return { as: "admin", params: { id: applied.request.id }, body: { note: "Tell us more about your trips" } };
  },
  "POST /api/superadmin/seller-requests/{id}/approve": () => ({ as: "admin", params: { id: made.sellerRequest } }),
  // Student verification (issue 28): Asha sends a student ID, the superadmin rejects it; her second is approved.
  "POST /api/student-verification": async () => ({ as: "customer", raw: await studentIdForm() }),
  "GET /api/student-verification": () => ({ as: "customer" }),
  "GET /api/superadmin/student-verifications": () => ({ as: "admin" }),
  "POST /api/superadmin/student-verifications/{id}/reject": async () => ({
    as: "admin",
    params: { id: await pendingStudentId() },
    body: { reason: "The card's photo cannot be read" },
  }),
  // Rejected, Asha sends a new one, which is approved.
  "POST /api/superadmin/student-verifications/{id}/approve": async () => {
    const form = await studentIdForm();
    const sent = await w.request("/api/student-verification", {
      method: "POST",
      headers: { ...bearer(sessions.customer as Session), ...freshIp(), "content-type": form.contentType },
      body: form.body,
    });
    if (sent.status !== 201) throw new Error(`setting up a student ID: ${sent.status} ${await sent.text()}`);
    return { as: "admin", params: { id: await pendingStudentId() } };
  },
  "GET /api/superadmin/users": () => ({ as: "admin" }),
  "PUT /api/superadmin/users/{id}/status": () => ({ as: "admin", params: { id: made.newcomer }, body: { status: "disabled" } }),
  // A role change on the (now disabled) newcomer, whose session no later call uses.
  "PUT /api/superadmin/users/{id}/role": () => ({ as: "admin", params: { id: made.newcomer }, body: { role: "superadmin" } }),
  // Spec §9's figures: the seeded settings sent back, so no later price changes.
  "PUT /api/superadmin/settings": () => ({
    as: "admin",
    body: {
      discountPercent: 10,
      bookingFeePercent: 18,
      maxTravellers: 12,
      childrenDiscountPercent: 0,
      studentDiscountPercent: 5,
      packagesNeedApproval: false,
    },
  }),
  // Package moderation (ADR 0048): the seeded draft made to wait for review; the seed's change waiting on Sikkim.
  "PUT /api/superadmin/packages/{id}/decision": async () => {
    await w.d1.prepare("UPDATE packages SET moderation = 'pending' WHERE id = 'p_kerala_draft'").run();
    return { as: "admin", params: { id: "p_kerala_draft" }, body: { decision: "approve" } };
  },
  "PUT /api/superadmin/edits/{id}/decision": () => ({
    as: "admin",
    params: { id: "pe_seed_sikkim" },
    body: { decision: "reject", reason: "Nathula needs its own permit line" },
  }),

  "GET /api/reviews": () => ({ as: "anonymous", query: "rating=5" }),
  "GET /api/reviews/packages/{id}": () => ({ as: "anonymous", params: { id: "p_goa" } }),
  "GET /api/reviews/reviewable": () => ({ as: "customer" }),
  "POST /api/reviews": async () => ({ as: "customer", body: { booking: await endedTrip("bk_doc_review"), rating: 5, text: REVIEW_TEXT } }),
  "POST /api/reviews/photos": () => ({ as: "customer", raw: { contentType: "image/png", body: PNG } }),
  "GET /api/seller-admin/reviews": () => ({ as: "seller" }),
  "POST /api/seller-admin/reviews/{id}/reply": () => ({ as: "seller", params: { id: "rv_seed_m1" }, body: { reply: "Thank you!" } }),
  "POST /api/seller-admin/reviews/{id}/report": () => ({ as: "seller", params: { id: "rv_seed_r1" }, body: { reason: "other" } }),
  "GET /api/superadmin/reviews": () => ({ as: "admin" }),
  "POST /api/superadmin/reviews/{id}/publish": async () => {
    const booking = await endedTrip("bk_doc_held");
    await w.d1
      .prepare(
        "INSERT INTO reviews (id, booking_id, package_id, seller_id, user_id, author_name, travelled_on, rating, body, status, held_for) SELECT 'rv_doc_held', id, package_id, seller_id, user_id, 'Asha', start_date, 3, 'Call me on 98765 43210 for the details', 'pending', 'phone' FROM bookings WHERE id = ?",
      )
      .bind(booking)
      .run();
    return { as: "admin", params: { id: "rv_doc_held" } };
  },
  "POST /api/superadmin/reviews/{id}/remove": () => ({ as: "admin", params: { id: "rv_seed_r2" }, body: { reason: "duplicate" } }),
  // A traveller cancels a stay of theirs, written straight to D1: past its free cancellation, so nothing to refund.
  "POST /api/travel-bookings/{id}/cancel": async () => {
    const [start, end] = [inDays(20), inDays(22)];
    const offer = { kind: "hotel", offerId: "offer_docs", title: "Docs Stay", subtitle: "Deluxe room", startDate: start, endDate: end };
    await w.d1
      .prepare(
        "INSERT INTO travel_bookings (id, booking_ref, kind, user_id, payment_id, title, start_date, end_date, amount, offer, choice) VALUES ('tb_docs_stay', 'TB-1999-900001', 'hotel', 'u_asha', 'pay_docs_stay', 'Docs Stay', ?1, ?2, 500000, ?3, ?4)",
      )
      .bind(
        start,
        end,
        JSON.stringify({ ...offer, lines: [], total: 500_000, refundable: false, details: {} }),
        '{"travellers":[],"seats":[]}',
      )
      .run();
    return { as: "customer", params: { id: "tb_docs_stay" } };
  },

  "GET /api/dev/outbox": () => ({ as: "anonymous", query: `to=${encodeURIComponent(NEWCOMER.email)}` }),
  "POST /api/dev/scheduled": () => ({ as: "anonymous" }),
  "GET /api/dev/flight-supplier": () => ({ as: "anonymous" }),
  "POST /api/dev/flight-fare": () => ({ as: "anonymous", body: { flightKey: `6E-2134:${inDays(30)}`, fareAdjust: 0 } }),
  // A slow search named as a test names it, its caller gone (as in flights.test.ts), then aborted by its name.
  "POST /api/dev/flight-searches/{id}/abort": async () => {
    const caller = new AbortController();
    void w
      .request("/api/flights/search", {
        method: "POST",
        headers: { "content-type": "application/json", "x-tb-supplier-delay": "300", "x-tb-search-id": "docs-search", ...freshIp() },
        body: JSON.stringify({ origin: "DEL", destination: "BLR", departureDate: inDays(30) }),
        signal: caller.signal,
      })
      .catch(() => null);
    await new Promise((r) => setTimeout(r, 450));
    caller.abort();
    return { as: "anonymous", params: { id: "docs-search" } };
  },
};

/** What a success answer leaves for the calls after it. */
function remember(key: string, body: any) {
  if (key === "POST /api/auth/signup") made.newcomer = body.userId;
  if (key === "POST /api/auth/verify-otp" || key === "PUT /api/auth/password") sessions.newcomer = body;
  if (key === "POST /api/bookings") made.booking = body.data._id;
  if (key === "POST /api/cart") made.cartItem = body.data.id;
  if (key === "POST /api/payments/checkout")
    [made.payment, made.order, made.amount] = [body.data.paymentId, body.data.orderId, body.data.amount];
  if (key === "POST /api/payments/{id}/test-pay") made.providerAnswer = JSON.stringify(body.data);
  if (key === "POST /api/seller-admin/packages") made.package = body.package.id;
  if (key === "POST /api/seller-departures") made.departure = body.departure.id;
  if (key === "POST /api/seller-admin/domains") made.domain = body.domain.id;
  if (key === "POST /api/seller-requests") made.sellerRequest = body.request.id;
}

const operations = (d: OpenApiDocument) =>
  Object.entries(d.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, op })),
  );

/** The document's schema with every object closed: an answer's field the schema does not name is an error here. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== "object") return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, k === "properties" ? mapValues(v, closed) : closed(v)]));
  if ("properties" in copy && !("additionalProperties" in copy)) copy.additionalProperties = false;
  return copy;
}
const mapValues = (o: unknown, f: (v: unknown) => unknown) => Object.fromEntries(Object.entries(o as object).map(([k, v]) => [k, f(v)]));

const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }));

/** Problems with one real answer against the operation's declared success answers; empty when it is true to them. */
async function checkAnswer(op: Operation, res: Response): Promise<string[]> {
  const declared = op.responses[String(res.status)] as Answer | undefined;
  if (!declared) return [`answered ${res.status}, which the document does not declare`];
  const text = await res.text();
  if (!declared.content) return text === "" ? [] : [`answered a body where the document declares none: ${text.slice(0, 200)}`];
  const mediaType = (res.headers.get("content-type") ?? "").split(";")[0].trim();
  const media = declared.content[mediaType];
  if (!media?.schema) return [`answered ${mediaType}, declared ${Object.keys(declared.content).join(", ")}`];
  // A bare `{ type: "object" }` would accept any answer: it is no schema to be true to.
  if (media.schema.type === "object" && !media.schema.properties) return ["its declared schema names no fields"];
  const body = mediaType === "application/json" ? JSON.parse(text) : text;
  const validate = ajv.compile(closed(media.schema) as JsonSchema);
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || "(body)"} ${e.message} ${JSON.stringify(e.params)}`);
}

/** A route without a recipe: a parameterless GET is tried as each principal in turn until one succeeds. */
const guessed = (path: string, method: string): Recipe[] =>
  method === "GET" && !path.includes("{") ? (["anonymous", "customer", "seller", "admin"] as const).map((as) => () => ({ as })) : [];

async function call(key: string, method: string, path: string, c: Call) {
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(c.params?.[name] ?? `missing-${name}`));
  const session = c.as === "anonymous" ? undefined : sessions[c.as];
  if (c.as !== "anonymous" && !session) throw new Error(`${key}: no ${c.as} session yet`);
  const headers: Record<string, string> = { ...freshIp(), ...(session ? bearer(session) : {}), ...c.headers };
  let body: BodyInit | undefined;
  if (c.raw) [headers["content-type"], body] = [c.raw.contentType, c.raw.body as BodyInit];
  else if (c.body !== undefined) [headers["content-type"], body] = ["application/json", JSON.stringify(c.body)];
  else if (method !== "GET") headers["content-type"] = "application/json";
  return w.request(`${url}${c.query ? `?${c.query}` : ""}`, { method, headers, body });
}

beforeAll(async () => {
  w = await startWorker({ bindings: { TEST_CLOCK: "1" } });
  doc = await (await w.request("/api/openapi.json")).json();
  [sessions.customer, sessions.seller, sessions.admin] = await Promise.all(
    ["asha@example.com", "owner@wanderlust.example", "admin@tripbazaar.example"].map((email) => loginViaApi(w, email)),
  );
});
afterAll(() => w?.dispose());

describe("every success answer of the API", () => {
  it("matches the schema the OpenAPI document declares for it", async () => {
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThanOrEqual(60);
    // Recipes run in their order, then any operation the document has that no recipe names.
    const order = [...Object.keys(RECIPES), ...ops.map((o) => o.key).filter((k) => !(k in RECIPES))];
    const problems: string[] = [];
    const checked: string[] = [];
    for (const key of order) {
      const target = ops.find((o) => o.key === key);
      if (!target) {
        problems.push(`${key}: a recipe for an operation the document does not have`);
        continue;
      }
      const tries = key in RECIPES ? [RECIPES[key]] : guessed(target.path, target.method);
      let answered = "no recipe: add one to RECIPES in test/integration/api-responses.test.ts";
      for (const recipe of tries) {
        const res = await call(key, target.method, target.path, await recipe());
        if (res.status >= 300) {
          answered = `${res.status} ${(await res.text()).slice(0, 300)}`;
          continue;
        }
        const clone = res.clone();
        problems.push(...(await checkAnswer(target.op, res)).map((p) => `${key} (${res.status}): ${p}`));
        if (res.headers.get("content-type")?.startsWith("application/json")) remember(key, await clone.json());
        checked.push(key);
        answered = "";
        break;
      }
      if (answered) problems.push(`${key}: no success to check (${answered})`);
    }
    expect(problems).toEqual([]);
    expect(checked.sort()).toEqual(ops.map((o) => o.key).sort());
  });
});
