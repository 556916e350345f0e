import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingRequest } from "../support/bookings";
import { fillCart } from "../support/payments";
import { razorpayStandIn } from "../support/razorpay-standin";
import { newCustomer } from "../support/security-fixtures";
import { type Session, bearer } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

/**
 * Book Now on a seller's own website pays for one trip of THAT seller (ADR 0029, worker/domain/payments/checkout.ts).
 * The site's Book Now form (app/components/bookings/booking-request-form.tsx) posts from the browser to
 * `POST /api/payments/checkout` with `{ source: "item" }`; there is no page action in between. So these requests are
 * the page's own: on the custom domain the Host names the site, on the site by path the `x-tb-site` header
 * (app/lib/api.ts). The Worker runs the real Razorpay adapter against the local stand-in, so every provider order
 * the Worker asks for is recorded and "no provider order" can be read, not assumed.
 */

const KEY_ID = "rzp_test_TbRules0001";
const KEY_SECRET = "rzp-rules-key-secret-5c1e07";
const standIn = razorpayStandIn({ keyId: KEY_ID, keySecret: KEY_SECRET });
let w: TestWorker;

beforeAll(async () => {
  w = await startWorker({
    bindings: { RAZORPAY_KEY_ID: KEY_ID, RAZORPAY_KEY_SECRET: KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: "rzp-rules-webhook-secret-88a2" },
    outbound: standIn.outbound,
  });
});
afterAll(() => w?.dispose());

/** Where a seller's site is, as the browser reaches its API: the custom domain's Host, or the path site's header. */
const SITES = {
  "Wanderlust on its custom domain": { sellerId: "s_wanderlust", host: "wanderlust.localhost", headers: {} },
  "Wanderlust by path": { sellerId: "s_wanderlust", host: "localhost", headers: { "x-tb-site": "/seller/wanderlust-journeys/website" } },
  "Himalayan Trails by path": { sellerId: "s_himalayan", host: "localhost", headers: { "x-tb-site": "/seller/himalayan-trails/website" } },
} as const;
type Site = (typeof SITES)[keyof typeof SITES];

/** The other seller's package, and one of the site's own. */
const PACKAGES: Record<Site["sellerId"], { own: string; other: string }> = {
  s_wanderlust: { own: "p_goa", other: "p_spiti" },
  s_himalayan: { own: "p_spiti", other: "p_goa" },
};

async function bookNow(site: Site, customer: Session, packageId: string) {
  const res = await w.request("/api/payments/checkout", {
    host: site.host,
    method: "POST",
    headers: { "content-type": "application/json", ...bearer(customer), ...site.headers },
    body: JSON.stringify({ source: "item", item: bookingRequest({ packageId }) }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Everything a checkout writes (ADR 0029): the payment and its items. No booking exists before the payment. */
async function writtenFor(userId: string) {
  const row = await w.d1
    .prepare(
      `SELECT (SELECT count(*) FROM payments WHERE user_id = ?1) AS payments,
              (SELECT count(*) FROM payment_items i JOIN payments p ON p.id = i.payment_id WHERE p.user_id = ?1) AS items,
              (SELECT count(*) FROM bookings WHERE user_id = ?1) AS bookings`,
    )
    .bind(userId)
    .first<{ payments: number; items: number; bookings: number }>();
  return row;
}

const orderRequests = () => standIn.requestsTo(/^\/v1\/orders$/).length;

describe("Book Now on a seller's website buys only that seller's packages", () => {
  for (const [where, site] of Object.entries(SITES)) {
    it(`${where}: another seller's package is refused with 404 and nothing is written, not even a provider order`, async () => {
      const customer = await newCustomer(w, "site-rule");
      const { own, other } = PACKAGES[site.sellerId];
      const ordersBefore = orderRequests();

      const refused = await bookNow(site, customer, other);
      expect(refused.status, JSON.stringify(refused.body)).toBe(404);
      expect(refused.body).toEqual({ success: false, message: "Package not found" });
      expect(await writtenFor(customer.user.id)).toEqual({ payments: 0, items: 0, bookings: 0 });
      expect(orderRequests()).toBe(ordersBefore);

      // The same request for the site's own package goes through, and the payment remembers the site.
      const allowed = await bookNow(site, customer, own);
      expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);
      expect(allowed.body.data.items).toHaveLength(1);
      expect(orderRequests()).toBe(ordersBefore + 1);
      const payment = await w.d1
        .prepare("SELECT site_seller_id, site_host FROM payments WHERE id = ?")
        .bind(allowed.body.data.paymentId)
        .first();
      expect(payment).toEqual({ site_seller_id: site.sellerId, site_host: site.host === "localhost" ? null : site.host });
      expect(
        await w.d1.prepare("SELECT seller_id FROM payment_items WHERE payment_id = ?").bind(allowed.body.data.paymentId).all(),
      ).toMatchObject({ results: [{ seller_id: site.sellerId }] });
    });
  }

  it("a cart checkout on a seller's website is refused while the cart holds another seller's trip; with only the site's trips it goes through", async () => {
    const site = SITES["Wanderlust on its custom domain"];
    const customer = await newCustomer(w, "site-cart");
    await fillCart(w, bearer(customer), ["p_goa", "p_spiti"]);
    const ordersBefore = orderRequests();
    const checkout = () =>
      w.request("/api/payments/checkout", {
        host: site.host,
        method: "POST",
        headers: { "content-type": "application/json", ...bearer(customer) },
        body: JSON.stringify({ source: "cart" }),
      });
    const refused = await checkout();
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ success: false, message: "Package not found" });
    expect(await writtenFor(customer.user.id)).toEqual({ payments: 0, items: 0, bookings: 0 });
    expect(orderRequests()).toBe(ordersBefore);

    const spiti = await w.d1
      .prepare("SELECT id FROM cart_items WHERE user_id = ? AND package_id = 'p_spiti'")
      .bind(customer.user.id)
      .first<{ id: string }>();
    expect((await w.api("DELETE", `/api/cart/${spiti?.id}`, undefined, bearer(customer))).status).toBe(200);
    const allowed = await checkout();
    expect(allowed.status).toBe(201);
    const { data } = (await allowed.json()) as { data: { paymentId: string } };
    expect(await w.d1.prepare("SELECT site_seller_id FROM payments WHERE id = ?").bind(data.paymentId).first()).toEqual({
      site_seller_id: site.sellerId,
    });
  });

  it("on the main site Book Now may name any seller's package (the marketplace)", async () => {
    const customer = await newCustomer(w, "main-site");
    for (const packageId of ["p_goa", "p_spiti"]) {
      const res = await w.api("POST", "/api/payments/checkout", { source: "item", item: bookingRequest({ packageId }) }, bearer(customer));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
  });
});
