import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, ASHA, SELLER_A, SELLER_B, bookingRequest, createBookingAs } from "../support/bookings";
import { type Session, bearer, latestCode, latestEmail, loginViaApi, waitForEmail } from "../support/session";
import { payAndConfirm } from "../support/payments";
import { type TestWorker, startWorker } from "../support/worker";
import { followUpsDone } from "../support/follow-ups";

/**
 * Every link in an email is absolute and names a host we serve (ADR 0026): the platform's PUBLIC_ORIGIN
 * (http://localhost in the tests) or the seller's active custom domain, served the same way. A booking email
 * links to the booking, and the customer's link opens, signed in, on the site the booking was made on.
 */
const PLATFORM = "http://localhost";
const DOMAIN = "wanderlust.localhost";

let w: TestWorker;
let asha: Session & { cookie: string };
let wanderlust: Session;
let himalayan: Session;
let admin: Session;
beforeAll(async () => {
  w = await startWorker();
  [asha, wanderlust, himalayan, admin] = await Promise.all([
    loginViaApi(w, ASHA),
    loginViaApi(w, SELLER_A),
    loginViaApi(w, SELLER_B),
    loginViaApi(w, ADMIN),
  ]);
});
afterAll(() => w?.dispose());

type Email = { subject: string; text: string };

/**
 * The links of an email, each checked: a token that starts with a slash is a relative link (a failure), and
 * every http(s) address is on one of `hosts`. Answers the absolute links.
 */
function linksOf(email: Email, hosts: string[]) {
  const tokens = email.text.split(/\s+/);
  expect(
    // "5 Days / 4 Nights" has a lone slash; a path has something after it.
    tokens.filter((t) => /^\/[\w.~%-]/.test(t)),
    `relative links in "${email.subject}"`,
  ).toEqual([]);
  const links = tokens.filter((t) => /^[a-z][a-z0-9+.-]*:\/\//i.test(t) || t.startsWith("www."));
  for (const link of links) {
    expect(link, email.subject).toMatch(/^https?:\/\//);
    expect(hosts, `${link} in "${email.subject}"`).toContain(new URL(link).host);
  }
  return links;
}

/** A booking request as a page of a seller site would send it: by path (x-tb-site) or on the seller's own domain. */
async function book(customer: Session, packageId: string, on: { path: string } | { domain: string }) {
  const body = bookingRequest({ packageId });
  if ("path" in on) return createBookingAs(w, { ...bearer(customer), "x-tb-site": on.path }, body);
  const res = await w.request("/api/bookings", {
    host: on.domain,
    method: "POST",
    headers: { ...bearer(customer), "content-type": "application/json", "idempotency-key": `links-${crypto.randomUUID()}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Opens a link as a signed-in visitor (the session cookie, as the browser holds it on that host). */
async function open(link: string, cookie?: string) {
  const url = new URL(link);
  const res = await w.request(`${url.pathname}${url.search}`, { host: url.host, headers: cookie ? { cookie } : {} });
  return { status: res.status, html: await res.text() };
}

describe("booking emails", () => {
  it("links a booking made on a seller site by path to the booking on the platform, for the customer and the seller", async () => {
    const res = await book(asha, "p_spiti", { path: "/seller/himalayan-trails/website" });
    expect(res.status).toBe(201);
    const { _id: id, bookingId } = res.body.data;

    const receipt = await latestEmail(w, ASHA);
    expect(receipt.subject).toBe(`Booking request received: ${bookingId}`);
    expect(linksOf(receipt, ["localhost"])).toEqual([`${PLATFORM}/booking/${bookingId}`]);
    const page = await open(`${PLATFORM}/booking/${bookingId}`, asha.cookie);
    expect(page.status).toBe(200);
    expect(page.html).toContain(bookingId);

    const request = await latestEmail(w, SELLER_B);
    expect(request.subject).toBe(`New booking request ${bookingId}`);
    expect(linksOf(request, ["localhost"])).toEqual([`${PLATFORM}/seller-dashboard/orders/${bookingId}`]);

    const rejected = await w.api("PUT", `/api/bookings/seller/bookings/${id}/reject`, { message: "Pass closed" }, bearer(himalayan));
    expect(rejected.status).toBe(200);
    await followUpsDone(w);
    const decision = await latestEmail(w, ASHA);
    expect(decision.subject).toBe(`Booking rejected: ${bookingId}`);
    expect(linksOf(decision, ["localhost"])).toEqual([`${PLATFORM}/booking/${bookingId}`]);
  });

  it("links a booking made on the seller's own domain to that site's booking page, where the customer is signed in", async () => {
    const res = await book(asha, "p_goa", { domain: DOMAIN });
    expect(res.status).toBe(201);
    const { _id: id, bookingId } = res.body.data;

    const receipt = await latestEmail(w, ASHA);
    expect(receipt.subject).toBe(`Booking request received: ${bookingId}`);
    expect(linksOf(receipt, [DOMAIN])).toEqual([`http://${DOMAIN}/booking/${bookingId}`]);
    const bookingPage = await open(`http://${DOMAIN}/booking/${bookingId}`, asha.cookie);
    expect(bookingPage.status).toBe(200);
    expect(bookingPage.html).toContain(bookingId);

    // The seller answers in their dashboard, which lives on the platform only.
    expect(linksOf(await latestEmail(w, SELLER_A), ["localhost"])).toEqual([`${PLATFORM}/seller-dashboard/orders/${bookingId}`]);
    const orderPage = await open(`${PLATFORM}/seller-dashboard/orders/${bookingId}`, (await loginViaApi(w, SELLER_A)).cookie);
    expect(orderPage.status).toBe(200);

    // The answer goes to the seller's canonical site, its active domain.
    const approved = await w.api("PUT", `/api/bookings/seller/bookings/${id}/approve`, { message: "See you in Goa" }, bearer(wanderlust));
    expect(approved.status).toBe(200);
    await followUpsDone(w);
    const decision = await latestEmail(w, ASHA);
    expect(decision.subject).toBe(`Booking confirmed: ${bookingId}`);
    // The approval links the voucher too (ADR 0046), on the same site, where it downloads for the signed-in customer.
    expect(linksOf(decision, [DOMAIN])).toEqual([
      `http://${DOMAIN}/booking/${bookingId}`,
      `http://${DOMAIN}/booking/${bookingId}/voucher.pdf`,
    ]);
    const voucher = await w.request(`/booking/${bookingId}/voucher.pdf`, { host: DOMAIN, headers: { cookie: asha.cookie } });
    expect(voucher.status).toBe(200);
    expect(voucher.headers.get("content-type")).toBe("application/pdf");
  });

  it("links the answer to a paid booking to the site it was paid on, even when the seller also has a domain", async () => {
    const paidOn = async (on: { path: string } | { domain: string }) => {
      const res = await w.request("/api/payments/checkout", {
        method: "POST",
        host: "domain" in on ? on.domain : "localhost",
        headers: { "content-type": "application/json", ...bearer(asha), ...("path" in on ? { "x-tb-site": on.path } : {}) },
        body: JSON.stringify({ source: "item", item: bookingRequest({ packageId: "p_goa" }) }),
      });
      expect(res.status).toBe(201);
      const { paymentId } = ((await res.json()) as any).data;
      await payAndConfirm(w, bearer(asha), paymentId);
      const item = await w.d1
        .prepare(
          "SELECT i.booking_id AS id, b.booking_ref AS ref FROM payment_items i JOIN bookings b ON b.id = i.booking_id WHERE i.payment_id = ?",
        )
        .bind(paymentId)
        .first<{ id: string; ref: string }>();
      return { id: item?.id ?? "", ref: item?.ref ?? "" };
    };
    // Book Now on Wanderlust's site by path: the customer's session is the platform's, so the answer links there.
    const byPath = await paidOn({ path: "/seller/wanderlust-journeys/website" });
    expect((await w.api("PUT", `/api/bookings/seller/bookings/${byPath.id}/approve`, {}, bearer(wanderlust))).status).toBe(200);
    await followUpsDone(w);
    expect(linksOf(await latestEmail(w, ASHA), ["localhost"])).toEqual([
      `${PLATFORM}/booking/${byPath.ref}`,
      `${PLATFORM}/booking/${byPath.ref}/voucher.pdf`,
    ]);
    // Paid on the seller's own domain: the answer links to that site's booking page.
    const onDomain = await paidOn({ domain: DOMAIN });
    expect(
      (await w.api("PUT", `/api/bookings/seller/bookings/${onDomain.id}/reject`, { message: "Full" }, bearer(wanderlust))).status,
    ).toBe(200);
    await followUpsDone(w);
    expect(linksOf(await latestEmail(w, ASHA), [DOMAIN])).toEqual([`http://${DOMAIN}/booking/${onDomain.ref}`]);
  });

  it("links the seller to the booking the customer cancelled", async () => {
    const res = await book(asha, "p_spiti", { path: "/seller/himalayan-trails/website" });
    const { _id: id, bookingId } = res.body.data;
    const cancelled = await w.api("PUT", `/api/bookings/${id}/status`, { status: "cancelled" }, bearer(asha));
    expect(cancelled.status).toBe(200);
    await followUpsDone(w);
    const notice = await latestEmail(w, SELLER_B);
    expect(notice.subject).toBe(`Booking cancelled by the customer: ${bookingId}`);
    expect(linksOf(notice, ["localhost"])).toEqual([`${PLATFORM}/seller-dashboard/orders/${bookingId}`]);
  });

  it("never takes a link's host from the request: a booking sent through a host we do not serve links to the platform", async () => {
    const res = await book(asha, "p_goa", { domain: "evil.example" });
    expect(res.status).toBe(201);
    await followUpsDone(w);
    expect(linksOf(await latestEmail(w, ASHA), ["localhost"])).toEqual([`${PLATFORM}/booking/${res.body.data.bookingId}`]);
  });
});

describe("seller application emails", () => {
  let n = 0;
  async function newCustomer(): Promise<Session> {
    const email = `links${++n}-${Date.now()}@example.com`;
    const headers = { "cf-connecting-ip": `192.0.2.${100 + n}` };
    const res = await w.api("POST", "/api/auth/signup", { name: "Meera Iyer", email, password: "Sunrise#2026" }, headers);
    expect(res.status).toBe(201);
    linksOf(await latestEmail(w, email), []);
    const ok = await w.api("POST", "/api/auth/verify-otp", { userId: res.body.userId, otp: await latestCode(w, email) }, headers);
    return { token: ok.body.token, user: ok.body.user };
  }
  const application = {
    businessName: "Konkan Coast Trips",
    phone: "+91 98000 55555",
    city: "Goa",
    about: "Small group trips along the Konkan coast.",
  };

  it("links the receipt, the approval and the rejection to the applicant's pages on the platform", async () => {
    const approvedAgent = await newCustomer();
    const applied = await w.api("POST", "/api/seller-requests", application, bearer(approvedAgent));
    expect(applied.status).toBe(201);
    expect(linksOf(await latestEmail(w, approvedAgent.user.email), ["localhost"])).toEqual([`${PLATFORM}/user-dashboard`]);
    const approved = await w.api("POST", `/api/superadmin/seller-requests/${applied.body.request.id}/approve`, undefined, bearer(admin));
    expect(approved.status).toBe(200);
    const welcome = await latestEmail(w, approvedAgent.user.email);
    expect(welcome.subject).toBe("Your Tripbazaar seller account is ready");
    // The site's address is the business name's slug (ADR 0040), never the account's id.
    const slug = await w.d1.prepare("SELECT slug FROM sellers WHERE id = ?").bind(approvedAgent.user.id).first<string>("slug");
    expect(slug).toMatch(/^konkan-coast-trips(-\d+)?$/);
    const site = `${PLATFORM}/seller/${slug}/website`;
    expect(linksOf(welcome, ["localhost"])).toEqual([`${PLATFORM}/seller-dashboard`, site]);
    expect((await open(site)).status).toBe(200);

    const rejectedAgent = await newCustomer();
    const second = await w.api("POST", "/api/seller-requests", application, bearer(rejectedAgent));
    const note = "Please add your tourism licence number";
    const rejected = await w.api("POST", `/api/superadmin/seller-requests/${second.body.request.id}/reject`, { note }, bearer(admin));
    expect(rejected.status).toBe(200);
    expect(linksOf(await latestEmail(w, rejectedAgent.user.email), ["localhost"])).toEqual([`${PLATFORM}/user-dashboard`]);
  });
});

describe("account and inbox emails", () => {
  const ip = () => ({ "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 250) + 1}` });

  it("links the reset and password-changed emails to the site the request came from", async () => {
    const email = `reset-links-${Date.now()}@example.com`;
    const signup = await w.api("POST", "/api/auth/signup", { name: "Tara Sen", email, password: "Sunrise#2026" }, ip());
    await w.api("POST", "/api/auth/verify-otp", { userId: signup.body.userId, otp: await latestCode(w, email) }, ip());

    await w.request("/api/auth/forgot-password", {
      host: DOMAIN,
      method: "POST",
      headers: { "content-type": "application/json", ...ip() },
      body: JSON.stringify({ email }),
    });
    const mail = await waitForEmail(w, email, (m) => m.text.includes("/reset-password/"));
    const [link] = linksOf(mail, [DOMAIN]);
    expect(link).toMatch(new RegExp(`^http://${DOMAIN}/reset-password/`));
    const token = link.slice(link.lastIndexOf("/") + 1);
    const reset = await w.request("/api/auth/reset-password", {
      host: DOMAIN,
      method: "POST",
      headers: { "content-type": "application/json", ...ip() },
      body: JSON.stringify({ token, password: "Monsoon#2027", confirm: "Monsoon#2027" }),
    });
    expect(reset.status).toBe(200);
    const changed = await latestEmail(w, email);
    expect(changed.subject).toBe("Your Wanderlust Journeys password was changed");
    expect(linksOf(changed, [DOMAIN])).toEqual([`http://${DOMAIN}/forgot-password`]);
  });

  it("links the seller's new-message notice to the inbox", async () => {
    const body = { name: "Ravi Menon", email: "ravi@example.com", subject: "Spiti in June", message: "Is the Spiti trip open for six?" };
    const sent = await w.api("POST", "/api/seller-website/seller/s_himalayan/website/messages", body, ip());
    expect(sent.status).toBe(201);
    expect(linksOf(await latestEmail(w, SELLER_B), ["localhost"])).toEqual([`${PLATFORM}/seller-dashboard/messages`]);
  });
});
