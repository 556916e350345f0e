import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SELLER_A, bookingRequest, daysFromNow } from "../support/bookings";
import { sendPageAction } from "../support/page-action";
import { newCustomer, newPackage } from "../support/security-fixtures";
import { type Session, bearer, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

/**
 * The cart (ADR 0029, worker/domain/payments/cart.ts): removing trips through the API and through the /cart page's
 * Remove action, and trips that can no longer be bought, which the cart names with the reason and checkout refuses
 * while they are in it.
 */

let w: TestWorker;
let seller: Session;
beforeAll(async () => {
  w = await startWorker();
  seller = await loginViaApi(w, SELLER_A);
});
afterAll(() => w?.dispose());

const REMOVED = "Removed from your cart";
const NOT_IN_CART = "This trip is not in your cart";

const cookieOf = (s: Session) => `tb_session=${encodeURIComponent(s.token)}`;

async function addTrip(customer: Session, overrides: Record<string, unknown> = {}) {
  const res = await w.api("POST", "/api/cart", bookingRequest(overrides), bearer(customer));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

type CartLine = { id: string; packageId: string; problem: string | null; pricing: { total: number } | null };
async function cartOf(customer: Session) {
  const res = await w.api("GET", "/api/cart", undefined, bearer(customer));
  expect(res.status).toBe(200);
  return res.body.data as { items: CartLine[]; total: number; payable: boolean };
}

/** The /cart page as the traveller's browser gets it, as text (React escapes quotes in the HTML). */
async function cartPage(customer: Session) {
  const res = await w.request("/cart", { headers: { cookie: cookieOf(customer) } });
  expect(res.status).toBe(200);
  return (await res.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
}

const removeOnPage = (customer: Session, id: string) =>
  sendPageAction(w, "/cart", { intent: "remove", id }, { cookie: cookieOf(customer) });

/** Everything a checkout writes (the payment and its items) and what a capture would (bookings), for one traveller. */
const writtenFor = (userId: string) =>
  w.d1
    .prepare(
      `SELECT (SELECT count(*) FROM payments WHERE user_id = ?1) AS payments,
              (SELECT count(*) FROM payment_items i JOIN payments p ON p.id = i.payment_id WHERE p.user_id = ?1) AS items,
              (SELECT count(*) FROM bookings WHERE user_id = ?1) AS bookings`,
    )
    .bind(userId)
    .first();
const NOTHING = { payments: 0, items: 0, bookings: 0 };

describe("removing a trip from the cart", () => {
  it("DELETE /api/cart/{id} removes that trip and no other; a second DELETE is 404", async () => {
    const c = await newCustomer(w, "cart-del");
    const goa = await addTrip(c, { packageId: "p_goa" });
    const spiti = await addTrip(c, { packageId: "p_spiti" });
    const before = await cartOf(c);

    const res = await w.api("DELETE", `/api/cart/${goa}`, undefined, bearer(c));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: REMOVED });
    const after = await cartOf(c);
    expect(after.items.map((i) => i.id)).toEqual([spiti]);
    expect(after.total).toBe(before.items.find((i) => i.id === spiti)?.pricing?.total);

    const again = await w.api("DELETE", `/api/cart/${goa}`, undefined, bearer(c));
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ success: false, message: NOT_IN_CART });
  });

  it("the /cart page's Remove action removes that trip, and the page no longer lists it", async () => {
    const c = await newCustomer(w, "cart-page");
    const goa = await addTrip(c, { packageId: "p_goa" });
    const spiti = await addTrip(c, { packageId: "p_spiti" });
    const page = await cartPage(c);
    expect(page).toContain("Goa Beach Escape");
    expect(page).toContain("Spiti Valley Road Trip");

    const removed = await removeOnPage(c, spiti);
    expect(removed.status).toBe(200);
    expect(removed.answer).toEqual({ ok: true, message: REMOVED });
    expect((await cartOf(c)).items.map((i) => i.id)).toEqual([goa]);
    expect(await cartPage(c)).not.toContain("Spiti Valley Road Trip");

    const again = await removeOnPage(c, spiti);
    expect(again.answer).toMatchObject({ ok: false, status: 404, message: NOT_IN_CART });
  });

  it("another traveller cannot remove someone else's trip, through the API or the page: 404, and it stays", async () => {
    const owner = await newCustomer(w, "cart-owner");
    const intruder = await newCustomer(w, "cart-intruder");
    const trip = await addTrip(owner, { packageId: "p_goa" });
    await addTrip(intruder, { packageId: "p_goa" });

    const byApi = await w.api("DELETE", `/api/cart/${trip}`, undefined, bearer(intruder));
    expect(byApi.status).toBe(404);
    expect(byApi.body).toEqual({ success: false, message: NOT_IN_CART });
    const byPage = await removeOnPage(intruder, trip);
    expect(byPage.answer).toMatchObject({ ok: false, status: 404, message: NOT_IN_CART });

    expect((await cartOf(owner)).items.map((i) => i.id)).toEqual([trip]);
    expect((await cartOf(intruder)).items).toHaveLength(1);
    // The id was right all along: its owner removes it.
    expect((await w.api("DELETE", `/api/cart/${trip}`, undefined, bearer(owner))).status).toBe(200);
  });
});

/** A new published package of Wanderlust with two priced tiers; returns its id. */
async function publishedPackage(name: string) {
  const id = await newPackage(w, seller, {
    name,
    priceRanges: [
      { label: "Standard", price: 20_000_00 },
      { label: "Premium", price: 35_000_00 },
    ],
  });
  const published = await w.api("PUT", `/api/seller-admin/packages/${id}/status`, { status: "published" }, bearer(seller));
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return id;
}

/**
 * Ways a trip in a cart stops being buyable after it was added, each with the reason the cart shows and the
 * reason checkout gives. The travel date passing is the one the Worker's clock would have to bring (workerd's
 * clock cannot be moved, and the cart reads today from it), so there the trip's date in its row is moved back
 * a day instead: the row as the traveller left it, a day after their trip.
 */
const SPOILED = [
  {
    what: "the package is unpublished",
    shown: "This package is no longer available",
    refused: "Package not found",
    spoil: async (packageId: string) => {
      const res = await w.api("PUT", `/api/seller-admin/packages/${packageId}/status`, { status: "draft" }, bearer(seller));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    },
  },
  {
    what: "its price tier is gone",
    shown: "This package's price has changed; please add it again",
    refused: "Please choose one of this package's price tiers",
    spoil: async (packageId: string) => {
      const current = await w.api("GET", `/api/seller-admin/packages/${packageId}`, undefined, bearer(seller));
      const { name, city, description, durationDays } = current.body.package;
      const res = await w.api(
        "PUT",
        `/api/seller-admin/packages/${packageId}`,
        { name, city, description, durationDays, priceRanges: [{ label: "Standard", price: 20_000_00 }] },
        bearer(seller),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    },
  },
  {
    what: "its travel date has passed",
    shown: "The travel date has passed",
    refused: "The travel start date must be in the future",
    spoil: async (_packageId: string, cartItemId: string) => {
      const moved = await w.d1
        .prepare("UPDATE cart_items SET request = json_set(request, '$.travelDates.startDate', ?) WHERE id = ?")
        .bind(daysFromNow(-1), cartItemId)
        .run();
      expect(moved.meta.changes).toBe(1);
    },
  },
];

describe("a trip that can no longer be bought", () => {
  for (const { what, shown, refused, spoil } of SPOILED) {
    it(`when ${what}: the cart and its page say so, checkout is refused with 422 and writes nothing, and removing it lets checkout start`, async () => {
      const c = await newCustomer(w, "cart-spoiled");
      const packageId = await publishedPackage(`Cart Escape ${crypto.randomUUID().slice(0, 6)}`);
      const fine = await addTrip(c, { packageId: "p_goa" });
      // Premium (the second tier), as the Book Now form names a tier by its position.
      const spoiled = await addTrip(c, { packageId, priceTier: 1, travelDates: { startDate: daysFromNow(20) } });
      expect((await cartOf(c)).payable).toBe(true);

      await spoil(packageId, spoiled);

      const cart = await cartOf(c);
      expect(cart.payable).toBe(false);
      const line = cart.items.find((i) => i.id === spoiled);
      const other = cart.items.find((i) => i.id === fine);
      expect(line).toMatchObject({ packageId, problem: shown, pricing: null });
      expect(other).toMatchObject({ problem: null, pricing: { total: expect.any(Number) } });
      expect(cart.total).toBe(other?.pricing?.total);
      const page = await cartPage(c);
      expect(page).toContain(shown);
      expect(page).toContain("Remove the trips that can no longer be booked to continue.");

      const res = await w.api("POST", "/api/payments/checkout", { source: "cart" }, bearer(c));
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body).toEqual({
        success: false,
        message: `A trip in your cart cannot be booked: ${refused}. Please remove it or change it.`,
        issues: [{ path: `cart.${spoiled}`, message: refused }],
      });
      expect(await writtenFor(c.user.id)).toEqual(NOTHING);

      expect((await removeOnPage(c, spoiled)).answer).toEqual({ ok: true, message: REMOVED });
      const started = await w.api("POST", "/api/payments/checkout", { source: "cart" }, bearer(c));
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      expect(started.body.data.amount).toBe(other?.pricing?.total);
      expect(started.body.data.items).toHaveLength(1);
    });
  }
});
