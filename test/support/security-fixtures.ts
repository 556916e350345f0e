import { bookingRequest, daysFromNow, idemKey } from "./bookings";
import { sendPageAction } from "./page-action";
import { payAndConfirm, startCheckout } from "./payments";
import { SAMPLE_PACKAGE } from "./security-routes";
import { type Session, bearer, latestCode } from "./session";
import type { TestWorker } from "./worker";

let ipCounter = 0;
/** A fresh client address per call, so the per-address rate limits stay out of the way. */
export const freshIp = () => {
  const n = ++ipCounter;
  return { "cf-connecting-ip": `203.0.${113 + Math.floor(n / 250)}.${(n % 250) + 1}` };
};

const PASSWORD = "Sunrise#2026";

/** A new, verified customer account, signed in through the real signup and code flow. */
export async function newCustomer(w: TestWorker, tag: string): Promise<Session & { password: string }> {
  const email = `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const ip = freshIp();
  const signup = await w.api("POST", "/api/auth/signup", { name: `Guest ${tag}`, email, password: PASSWORD }, ip);
  if (signup.status !== 201) throw new Error(`signup of ${email}: ${signup.status} ${JSON.stringify(signup.body)}`);
  const verify = await w.api("POST", "/api/auth/verify-otp", { userId: signup.body.userId, otp: await latestCode(w, email) }, ip);
  if (verify.status !== 200) throw new Error(`verification of ${email}: ${verify.status} ${JSON.stringify(verify.body)}`);
  return { token: verify.body.token, user: verify.body.user, password: PASSWORD };
}

/** A genuine session token whose `ver` went stale: its owner changed the password since (the real OTP flow). */
export async function staleToken(w: TestWorker): Promise<string> {
  const account = await newCustomer(w, "stale");
  const ip = freshIp();
  const sent = await w.api("POST", "/api/auth/request-password-otp", { current: account.password }, { ...bearer(account), ...ip });
  if (sent.status !== 200) throw new Error(`password code: ${sent.status} ${JSON.stringify(sent.body)}`);
  const otp = await latestCode(w, account.user.email);
  const changed = await w.api(
    "PUT",
    "/api/auth/password",
    { new: "Moonrise#2027", confirm: "Moonrise#2027", otp },
    { ...bearer(account), ...ip },
  );
  if (changed.status !== 200) throw new Error(`password change: ${changed.status} ${JSON.stringify(changed.body)}`);
  return account.token;
}

/** A genuine session token of an account a superadmin has since disabled. */
export async function disabledToken(w: TestWorker, admin: Session): Promise<string> {
  const account = await newCustomer(w, "disabled");
  const res = await w.api("PUT", `/api/superadmin/users/${account.user.id}/status`, { status: "disabled" }, bearer(admin));
  if (res.status !== 200) throw new Error(`disabling: ${res.status} ${JSON.stringify(res.body)}`);
  return account.token;
}

/** A genuine session token its owner logged out of (ADR 0036): the server ended it, whoever kept a copy. */
export async function loggedOutToken(w: TestWorker): Promise<string> {
  const account = await newCustomer(w, "logged-out");
  const res = await w.api("POST", "/api/auth/logout", undefined, bearer(account));
  if (res.status !== 200) throw new Error(`logout: ${res.status} ${JSON.stringify(res.body)}`);
  return account.token;
}

/** A genuine session token of an account that logged out everywhere, from another of its sessions. */
export async function loggedOutEverywhereToken(w: TestWorker): Promise<string> {
  const account = await newCustomer(w, "everywhere");
  const other = await w.api("POST", "/api/auth/login", { email: account.user.email, password: account.password }, freshIp());
  if (other.status !== 200) throw new Error(`second login: ${other.status} ${JSON.stringify(other.body)}`);
  const res = await w.api("POST", "/api/auth/logout-everywhere", undefined, bearer(other.body));
  if (res.status !== 200) throw new Error(`logout everywhere: ${res.status} ${JSON.stringify(res.body)}`);
  return account.token;
}

/** How a session token travels: the bearer header, or the HttpOnly cookie (with our Origin, so the CSRF rule is not what answers). */
export const TRANSPORTS = {
  bearer: (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` }),
  cookie: (token: string): Record<string, string> => ({ cookie: `tb_session=${encodeURIComponent(token)}`, origin: "http://localhost" }),
};

/** Runs `fn` over `items` with at most `size` in flight, keeping the order. */
export async function inPool<T, R>(items: readonly T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return results;
}

/** The picked part of a 201 answer; anything else stops the test with the answer in the message. */
export async function created<T>(what: string, res: { status: number; body: any }, pick: (body: any) => T): Promise<T> {
  if (res.status !== 201) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return pick(res.body);
}

/** A new draft package of `seller`, through the seller API; returns its id. */
export const newPackage = (w: TestWorker, seller: Session, fields: Record<string, unknown> = {}) =>
  w
    .api("POST", "/api/seller-admin/packages", { ...SAMPLE_PACKAGE, ...fields }, bearer(seller))
    .then((res) => created("package", res, (b) => b.package.id as string));

/** A new pending booking of `customer` on `packageId`; returns its id. */
export const newBooking = (w: TestWorker, customer: Session, packageId: string, fields: Record<string, unknown> = {}) =>
  w
    .api("POST", "/api/bookings", bookingRequest({ packageId, ...fields }), { ...bearer(customer), "idempotency-key": idemKey() })
    .then((res) => created("booking", res, (b) => b.data._id as string));

/** A trip in `customer`'s cart and an unpaid checkout of it (ADR 0029); returns both ids. */
export async function newCheckout(w: TestWorker, customer: Session, packageId: string) {
  const cartItem = await w
    .api("POST", "/api/cart", bookingRequest({ packageId }), bearer(customer))
    .then((res) => created("cart item", res, (b) => b.data.id as string));
  const payment = await w
    .api("POST", "/api/payments/checkout", { source: "cart" }, bearer(customer))
    .then((res) => created("payment", res, (b) => b.data.paymentId as string));
  return { cartItem, payment };
}

/** A visitor's message through the seller website's public contact form; returns its id. */
export const contactMessage = (w: TestWorker, sellerId: string, fields: Record<string, string> = {}) =>
  w
    .api(
      "POST",
      `/api/seller-website/seller/${sellerId}/website/messages`,
      { name: "Kiran", email: "kiran@example.com", subject: "Dates", message: "Is June open?", ...fields },
      freshIp(),
    )
    .then((res) => created("message", res, (b) => b.id as string));

/** A pending custom domain of `seller`; returns its id. */
export const newDomain = (w: TestWorker, seller: Session, hostname: string) =>
  w
    .api("POST", "/api/seller-admin/domains", { hostname }, bearer(seller))
    .then((res) => created("domain", res, (b) => b.domain.id as string));

/**
 * A paid flight of `customer` (issue 27, ADR 0053): the first DEL → BOM offer for one adult, through the cart and the
 * test provider; returns its travel booking's id and number.
 */
export async function newTravelBooking(w: TestWorker, customer: Session) {
  const search = await w.api("POST", "/api/flights/search", {
    origin: "DEL",
    destination: "BOM",
    departureDate: daysFromNow(35),
    passengers: { adults: 1, children: 0, infants: 0 },
  });
  const offerId = search.body?.data?.offers?.[0]?.id as string | undefined;
  if (search.status !== 200 || !offerId) throw new Error(`flight search: ${search.status}`);
  const form = {
    intent: "add-offer",
    offerId,
    "travellers[0].title": "Ms",
    "travellers[0].name": "Matrix Flyer",
    "travellers[0].age": "30",
  };
  const added = await sendPageAction(w, "/cart", form, { cookie: `tb_session=${encodeURIComponent(customer.token)}` });
  if (added.redirect !== "/cart") throw new Error(`adding the flight failed: ${added.status} ${added.text.slice(0, 200)}`);
  const { paymentId } = await startCheckout(w, bearer(customer));
  await payAndConfirm(w, bearer(customer), paymentId);
  const row = await w.d1
    .prepare("SELECT id, booking_ref AS ref FROM travel_bookings WHERE payment_id = ?")
    .bind(paymentId)
    .first<{ id: string; ref: string }>();
  if (!row) throw new Error(`payment ${paymentId} booked no flight`);
  return row;
}
