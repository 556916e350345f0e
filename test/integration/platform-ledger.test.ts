import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatRupees } from "../../worker/shared/format";
import { daysFromNow } from "../support/bookings";
import { followUpsDone } from "../support/follow-ups";
import { sendPageAction } from "../support/page-action";
import { payAndConfirm, startCheckout } from "../support/payments";
import { newCustomer } from "../support/security-fixtures";
import { type Session, bearer, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

/**
 * The superadmin's platform ledger (issue 27, ADR 0055): the platform's own payments and refunds for flights, stays
 * and buses, read in one D1 round trip, with figures that add up to what the travellers paid and got back. Only a
 * superadmin reads it.
 */

let w: TestWorker;
let admin: Session;
let seller: Session;
let traveller: Session;
const booked: { kind: string; amount: number; id: string; ref: string }[] = [];
let refunded = 0;

const cookieOf = (s: Session) => `tb_session=${encodeURIComponent(s.token)}`;
const page = (path: string, s: Session | null) => w.request(path, { headers: s ? { cookie: cookieOf(s) } : {}, redirect: "manual" });
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/\s+/g, " ");

async function buy(customer: Session, offerId: string, fields: Record<string, string>) {
  const added = await sendPageAction(w, "/cart", { intent: "add-offer", offerId, ...fields }, { cookie: cookieOf(customer) });
  expect(added.redirect, added.text).toBe("/cart");
  const session = await startCheckout(w, bearer(customer));
  await payAndConfirm(w, bearer(customer), session.paymentId);
  const row = await w.d1
    .prepare("SELECT id, kind, amount, booking_ref AS ref FROM travel_bookings WHERE payment_id = ?")
    .bind(session.paymentId)
    .first<{ id: string; kind: string; amount: number; ref: string }>();
  if (!row) throw new Error("the travel booking was not written");
  expect(row.amount).toBe(session.amount);
  booked.push(row);
  return row;
}

beforeAll(async () => {
  w = await startWorker();
  [admin, seller] = await Promise.all([loginViaApi(w, "admin@tripbazaar.example"), loginViaApi(w, "owner@wanderlust.example")]);
  traveller = await newCustomer(w, "ledger");
  const flight = (
    await w.api("POST", "/api/flights/search", {
      origin: "DEL",
      destination: "BOM",
      departureDate: daysFromNow(35),
      passengers: { adults: 1, children: 0, infants: 0 },
    })
  ).body.data.offers[0] as { id: string };
  await buy(traveller, flight.id, { "travellers[0].title": "Mr", "travellers[0].name": "Ravi Kumar", "travellers[0].age": "34" });
  const stay = (
    await w.api("POST", "/api/hotels/rates", {
      city: "Goa",
      checkIn: daysFromNow(30),
      checkOut: daysFromNow(32),
      rooms: [{ adults: 2 }],
    })
  ).body.hotels[0].rates.find((r: { refundable: boolean }) => r.refundable) as { offerId: string };
  const hotel = await buy(traveller, stay.offerId, { "travellers[0].name": "Ravi Kumar" });
  // The stay is cancelled within its free cancellation: its whole amount comes back through the provider.
  const cancelled = await w.api("POST", `/api/travel-bookings/${hotel.id}/cancel`, undefined, bearer(traveller));
  expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
  // The refund is the queue's work (ADR 0039): asked for at once, made once the follow-up is handled.
  expect(cancelled.body.data.refund).toMatchObject({ amount: hotel.amount });
  await followUpsDone(w);
  const refund = await w.d1.prepare("SELECT status, amount FROM refunds WHERE booking_id = ?").bind(hotel.id).first();
  expect(refund).toEqual({ status: "processed", amount: hotel.amount });
  refunded = hotel.amount;
});
afterAll(() => w?.dispose());

describe("the platform ledger", () => {
  it("adds up the platform's payments, refunds and net for flights, stays and buses, in one D1 round trip", async () => {
    // Everything: the seed's trips sold by the platform (Asha's flight and past stay, paid days ago) and today's.
    const all = await page("/superadmin-panel/ledger", admin);
    expect(all.status).toBe(200);
    expect(all.headers.get("x-tb-d1-calls")).toBe("1");
    const seeded = (
      await w.d1
        .prepare("SELECT booking_ref AS ref, amount FROM travel_bookings WHERE id LIKE 'bk_trip_%'")
        .all<{ ref: string; amount: number }>()
    ).results;
    expect(seeded.length).toBeGreaterThan(0);
    const allHtml = await all.text();
    const paid = booked.reduce((s, b) => s + b.amount, 0);
    expect(text(allHtml)).toContain(`${formatRupees(paid + seeded.reduce((s, t) => s + t.amount, 0))} Payments`);
    for (const t of seeded) expect(allHtml).toContain(t.ref);
    // Today's alone, figure by figure.
    const res = await page(`/superadmin-panel/ledger?from=${daysFromNow(0)}`, admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-tb-d1-calls")).toBe("1");
    const html = await res.text();
    const body = text(html);
    // The tiles: payments, refunds and net of every kind.
    expect(body).toContain(`${formatRupees(paid)} Payments`);
    expect(body).toContain(`${formatRupees(refunded)} Refunds`);
    expect(body).toContain(`${formatRupees(paid - refunded)} Net`);
    // Per kind: the flight's money stays, the stay's came back, no bus was sold.
    const [flight, hotel] = booked;
    expect(body).toContain(`Flights ${formatRupees(flight.amount)} (1) ${formatRupees(0)} (0) ${formatRupees(flight.amount)}`);
    expect(body).toContain(`Stays ${formatRupees(hotel.amount)} (1) ${formatRupees(hotel.amount)} (1) ${formatRupees(0)}`);
    expect(body).toContain(`Buses ${formatRupees(0)} (0) ${formatRupees(0)} (0) ${formatRupees(0)}`);
    // The entries: both payments and the refund, with their booking numbers; the chart is an SVG drawn on the server.
    for (const b of booked) expect(html).toContain(b.ref);
    expect(body).toContain(`-${formatRupees(hotel.amount)}`);
    expect(html).toMatch(/<svg[^>]*data-testid="ledger-svg"/);
    expect(html).toContain("ledger-svg-received");
    // No seller's package money is in it: the seed's paid package bookings are each seller's own.
    expect(html).not.toContain("pay_seed_");
  });

  it("filters by travel kind and period; the figures follow the filter", async () => {
    const [flight, hotel] = booked;
    const stays = text(await (await page(`/superadmin-panel/ledger?kind=hotel&from=${daysFromNow(0)}`, admin)).text());
    expect(stays).toContain(`${formatRupees(hotel.amount)} Payments`);
    expect(stays).toContain(`${formatRupees(0)} Net`);
    expect(stays).toContain(hotel.ref);
    expect(stays).not.toContain(flight.ref);
    const today = daysFromNow(0);
    const inRange = text(await (await page(`/superadmin-panel/ledger?from=${today}&to=${today}&kind=flight`, admin)).text());
    expect(inRange).toContain(`${formatRupees(flight.amount)} Net`);
    const yesterday = daysFromNow(-1);
    const before = text(await (await page(`/superadmin-panel/ledger?from=${yesterday}&to=${yesterday}`, admin)).text());
    expect(before).toContain(`${formatRupees(0)} Payments`);
    expect(before).toContain("No payments or refunds match these filters.");
    const refundsOnly = text(await (await page("/superadmin-panel/ledger?status=refunded", admin)).text());
    expect(refundsOnly).toContain(hotel.ref);
    expect(refundsOnly).not.toContain(flight.ref);
  });

  it("refuses bad filters with a 400, not a 5xx", async () => {
    for (const query of ["kind=train", "from=2026-13-01", `from=${daysFromNow(2)}&to=${daysFromNow(1)}`, "page=0"]) {
      const res = await page(`/superadmin-panel/ledger?${query}`, admin);
      expect(res.status, query).toBe(400);
    }
  });

  it("is the superadmin's only: a seller, a traveller and a guest are turned away", async () => {
    expect((await page("/superadmin-panel/ledger", seller)).status).toBe(403);
    expect((await page("/superadmin-panel/ledger", traveller)).status).toBe(403);
    const guest = await page("/superadmin-panel/ledger", null);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toContain("/login");
  });

  it("is in the panel's menu", async () => {
    const html = await (await page("/superadmin-panel", admin)).text();
    expect(html).toContain('href="/superadmin-panel/ledger"');
    expect(html).toContain("Platform ledger");
  });
});
