import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Session, bearer, latestCode, latestEmail, loginViaApi } from "../support/session";
import { sendPageAction } from "../support/page-action";
import { type TestWorker, startWorker } from "../support/worker";
import { followUpsDone } from "../support/follow-ups";

// Issue 13: the customer's signed-in screens (user dashboard, booking detail, account settings on the main site,
// on the seller dashboard and on a seller's site) render their data on the server in one D1 round trip, and
// their writes (cancel, profile, password, apply to sell) are Remix actions over the same domain services as the
// JSON API, answering `{ ok, message }` for the spec's toasts. The seller site's dashboard and settings render
// their login prompt on the server (status 200) for anyone who is not a signed-in customer of that site.

let w: TestWorker;
let asha: Session;
let seller: Session;
let himalayan: Session;
beforeAll(async () => {
  w = await startWorker();
  [asha, seller, himalayan] = await Promise.all([
    loginViaApi(w, "asha@example.com"),
    loginViaApi(w, "owner@wanderlust.example"),
    loginViaApi(w, "owner@himalayan.example"),
  ]);
});
afterAll(() => w?.dispose());

type As = Session | string | null;
const cookie = (s: Session | string) => ({ cookie: `tb_session=${typeof s === "string" ? s : s.token}` });
const LOADING = /role="status"[^>]*>\s*Loading/;
const SITE = "/seller/wanderlust-journeys/website";
const PASSWORD = "Sunrise#2026";

/** A page as the browser first gets it; React's text separators (`<!-- -->`) taken out of `text`. */
async function page(path: string, as: As = asha, host?: string) {
  const res = await w.request(path, { headers: as ? cookie(as) : {}, host });
  const html = await res.text();
  return { status: res.status, calls: res.headers.get("x-tb-d1-calls"), headers: res.headers, html, text: html.replace(/<!-- -->/g, "") };
}

/** A page action as a fetcher sends it (test/support/page-action.ts). */
const act = (path: string, body: Record<string, unknown>, { as = asha, json = false }: { as?: As; json?: boolean } = {}) =>
  sendPageAction(w, path, body, { json, cookie: as ? cookie(as).cookie : undefined });

const one = <T>(sql: string, ...values: unknown[]) =>
  w.d1
    .prepare(sql)
    .bind(...values)
    .first<T>();

/** A verified customer of its own, for writes that must not disturb the seeded accounts. */
async function newCustomer(name: string) {
  const email = `c-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const signup = await w.api("POST", "/api/auth/signup", { name, phone: "+91 90000 11111", email, password: PASSWORD });
  expect(signup.status).toBe(201);
  expect((await w.api("POST", "/api/auth/verify-otp", { userId: signup.body.userId, otp: await latestCode(w, email) })).status).toBe(200);
  return { email, id: signup.body.userId as string, session: await loginViaApi(w, email, PASSWORD) };
}

describe("the user dashboard renders on the server in one D1 round trip", () => {
  it("index: the stats, the five newest bookings and the application to sell", async () => {
    const { status, calls, html, text } = await page("/user-dashboard");
    expect(status).toBe(200);
    expect(calls).toBe("1");
    expect(html).not.toMatch(LOADING);
    // Pending in the future: bk_w1, bk_w2, bk_w3, bk_h1; completed: bk_w4 (confirmed, in the past).
    expect(text).toContain('<span class="value">4</span><span class="label">Active Bookings</span>');
    expect(text).toContain('<span class="value">1</span><span class="label">Completed Trips</span>');
    expect(html).toContain("Recent Bookings");
    expect(html.match(new RegExp(`data-booking="TB-${w.seed.year}-\\d{6}"`, "g"))).toHaveLength(5);
    expect(html).toContain(`href="/booking/${w.seed.bookings.bk_h1.ref}"`);
    expect(html).not.toContain('href="/booking/bk_');
    expect(html).toContain("Sell your tours on Tripbazaar");
    // A form that works before scripts run: named fields, and a button that is not waiting for them.
    expect(html).toMatch(/<input type="hidden" name="intent" value="apply"\/>/);
    expect(html).toMatch(/<input id="sell-businessName" name="businessName"/);
    expect(html).toMatch(/<button type="submit" class="btn">Apply to sell<\/button>/);
  });

  it("bookings, upcoming and completed trips: the right bookings of the right page", async () => {
    const all = await page("/user-dashboard/bookings");
    expect([all.status, all.calls]).toEqual([200, "1"]);
    expect(all.html).not.toMatch(LOADING);
    expect(all.html).toContain("All bookings");
    expect(all.html.match(/data-booking="/g)).toHaveLength(8);
    expect(all.html).toContain("Royal Jaipur Heritage");
    // Only a pending or confirmed booking before its start can be cancelled: bk_w1-3 and bk_h1.
    expect(all.html.match(/Cancel<span class="sr-only">/g)).toHaveLength(4);

    const later = await page("/user-dashboard/bookings?page=2");
    expect([later.status, later.calls]).toEqual([200, "1"]);
    expect(later.html).toContain("No bookings yet");
    expect((await page("/user-dashboard/bookings?page=0")).status).toBe(400);

    const upcoming = await page("/user-dashboard/upcoming-trips");
    expect([upcoming.status, upcoming.calls]).toEqual([200, "1"]);
    expect(upcoming.html).toContain("Pending and confirmed trips ahead");
    expect(upcoming.html).toContain("Spiti Valley Road Trip");
    expect(upcoming.html).not.toContain("Munnar Tea Trails");

    const completed = await page("/user-dashboard/completed-trips");
    expect([completed.status, completed.calls]).toEqual([200, "1"]);
    expect(completed.html).toContain("Trips you have taken");
    expect(completed.html).toContain("Munnar Tea Trails");
    expect(completed.html).not.toContain("Goa Beach Escape");
  });

  it("settings: the profile in the form, for a customer here and for a seller on the seller dashboard", async () => {
    const mine = await page("/user-dashboard/settings");
    expect([mine.status, mine.calls]).toEqual([200, "1"]);
    expect(mine.html).toMatch(/<input[^>]*name="firstName"[^>]*value="Asha"/);
    expect(mine.html).toMatch(/<input[^>]*name="lastName"[^>]*value="Verma"/);
    expect(mine.html).toMatch(/<input(?=[^>]*name="email")(?=[^>]*value="asha@example.com")(?=[^>]*readonly="")[^>]*>/);
    expect(mine.html).toMatch(/<input[^>]*name="phone"[^>]*value="\+91 98111 22334"/);
    expect(mine.html).toContain("Change Password");

    const sellers = await page("/seller-dashboard/settings", seller);
    expect([sellers.status, sellers.calls]).toEqual([200, "1"]);
    // A business has one name, not a first and a last (issue 24).
    expect(sellers.html).toMatch(/<input[^>]*name="name"[^>]*value="Wanderlust Journeys"/);
    expect(sellers.html).toContain("Business name");
    expect(sellers.html).not.toMatch(/name="firstName"|name="lastName"|First Name|Last Name/);
    const customer = await page("/seller-dashboard/settings", asha);
    expect([customer.status, customer.calls]).toEqual([403, "1"]);
  });

  it("settings: a seller renames the business without scripts, and their site shows the new name", async () => {
    const saved = await w.request("/seller-dashboard/settings", {
      method: "POST",
      headers: { ...cookie(himalayan), origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "profile", name: "Himalayan Trails & Treks", phone: "" }).toString(),
    });
    expect(saved.status).toBe(200);
    const html = await saved.text();
    expect(html).toContain("Profile updated successfully!");
    expect(html).toMatch(/<input[^>]*name="name"[^>]*value="Himalayan Trails &amp; Treks"/);
    const site = await page("/seller/himalayan-trails/website/about", himalayan);
    expect(site.html).toContain("<title>About Us | Himalayan Trails &amp; Treks</title>");
    const refused = await w.request("/seller-dashboard/settings", {
      method: "POST",
      headers: { ...cookie(himalayan), origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "profile", name: " ", phone: "" }).toString(),
    });
    expect(await refused.text()).toContain("Name is required");
    await w.d1.batch([
      w.d1.prepare("UPDATE sellers SET name = 'Himalayan Trails', content_version = content_version + 1 WHERE id = 's_himalayan'"),
      w.d1.prepare("UPDATE users SET name = 'Himalayan Trails' WHERE id = 's_himalayan'"),
    ]);
  });

  it("a signed-out visitor goes to /login with the way back; no D1 read", async () => {
    for (const path of ["/user-dashboard", "/user-dashboard/settings", "/booking/bk_w1"]) {
      const res = await page(path, null);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location")).toBe(`/login?redirect=${encodeURIComponent(path)}`);
      expect(res.calls).toBe("0");
    }
  });
});

describe("the booking detail page", () => {
  it("shows the customer's own booking with Cancel, in one D1 round trip", async () => {
    const { status, calls, html, text } = await page("/booking/bk_w1");
    expect([status, calls]).toEqual([200, "1"]);
    expect(html).not.toMatch(LOADING);
    // The heading keeps the number whole (issue 24).
    expect(text).toMatch(new RegExp(`<h1[^>]*>Booking <span style="white-space:nowrap">${w.seed.bookings.bk_w1.ref}</span></h1>`));
    expect(html).toContain('<dd data-testid="booking-status">Pending</dd>');
    expect(html).toContain("Sea-facing room if possible");
    // A form of its own, ready before scripts run (issue 22): it posts to the page's action.
    expect(html).toMatch(
      /<form method="post" action="\/booking\/bk_w1"[^>]*><input type="hidden" name="intent" value="cancel"\/><input type="hidden" name="id" value="bk_w1"\/><button type="submit" class="btn btn-outline">Cancel booking<\/button><\/form>/,
    );
  });

  it("shows the booking to its seller (without Cancel), and refuses anyone else", async () => {
    const own = await page("/booking/bk_w1", seller);
    expect([own.status, own.calls]).toEqual([200, "1"]);
    expect(own.html).not.toContain("Cancel booking");

    const other = await page("/booking/bk_w1", himalayan);
    expect([other.status, other.calls]).toEqual([403, "1"]);
    expect(other.html).toContain("You do not have permission to view this booking");
    expect(other.html).not.toContain("Sea-facing room");
    expect(other.html).toContain("Try Again");

    const missing = await page("/booking/bk_nope");
    expect([missing.status, missing.calls]).toEqual([404, "1"]);
    expect(missing.html).toContain("Booking not found");
  });

  it("is at the booking's number, the reference people see, on both sites and the seller's order page; an id still works", async () => {
    const { bk_w4, bk_h1 } = w.seed.bookings;
    // The custom domain's and the slug's own lookups are a round trip of their first request only (then remembered,
    // ADR 0007 and 0040).
    await page("/", null, "wanderlust.localhost");
    await page(`${SITE}/`, null);
    for (const [path, as, host] of [
      [`/booking/${bk_w4.ref}`, asha, undefined],
      [`${SITE}/booking/${bk_w4.ref}`, asha, undefined],
      [`/booking/${bk_w4.ref}`, asha, "wanderlust.localhost"],
      [`/seller-dashboard/orders/${bk_w4.ref}`, seller, undefined],
    ] as const) {
      const res = await page(path, as, host);
      expect([path, host, res.status, res.calls]).toEqual([path, host, 200, "1"]);
      expect(res.text).toContain(`<span style="white-space:nowrap">${bk_w4.ref}</span>`);
      expect(res.html).toContain("Munnar Tea Trails");
      // What was paid, read by the number in the same round trip.
      expect(res.text).toMatch(/Paid<\/dt><dd[^>]*>₹/);
    }
    // Another seller's booking by its number is as refused as by its id; an unknown number is not found.
    expect((await page(`/seller-dashboard/orders/${bk_h1.ref}`, seller)).status).toBe(403);
    expect((await page(`/booking/${bk_w4.ref}`, himalayan)).status).toBe(403);
    expect((await page(`/booking/TB-${w.seed.year}-999999`)).status).toBe(404);
  });

  it("lets the seller approve on the order page at its number (the page's own action)", async () => {
    const { bk_w2 } = w.seed.bookings;
    const approved = await act(
      `/seller-dashboard/orders/${bk_w2.ref}`,
      { intent: "approve", message: "See you in Manali." },
      { as: seller },
    );
    expect([approved.status, approved.answer]).toEqual([200, { ok: true, message: "Booking approved successfully" }]);
    expect(await one("SELECT status, seller_response_message AS message FROM bookings WHERE id = 'bk_w2'")).toEqual({
      status: "confirmed",
      message: "See you in Manali.",
    });
    const refused = await act(`/seller-dashboard/orders/${w.seed.bookings.bk_h1.ref}`, { intent: "approve" }, { as: seller });
    expect(refused.status).toBe(403);
    expect((await one<{ status: string }>("SELECT status FROM bookings WHERE id = 'bk_h1'"))?.status).toBe("pending");
  });
});

describe("cancelling a booking through the pages' actions", () => {
  it("cancels from a list and from the detail page, as PUT /api/bookings/:id/status does", async () => {
    const listed = await act("/user-dashboard/bookings", { intent: "cancel", id: "bk_w3" });
    expect(listed.status).toBe(200);
    expect(listed.answer).toEqual({ ok: true, message: "Booking cancelled" });
    expect((await one<{ status: string }>("SELECT status FROM bookings WHERE id = 'bk_w3'"))?.status).toBe("cancelled");

    const again = await act("/user-dashboard/bookings", { intent: "cancel", id: "bk_w3" });
    expect(again.status).toBe(409);
    expect(again.answer?.ok).toBe(false);

    const detail = await act("/booking/bk_w2", { intent: "cancel" });
    expect(detail.answer).toEqual({ ok: true, message: "Booking cancelled" });
    expect((await one<{ status: string }>("SELECT status FROM bookings WHERE id = 'bk_w2'"))?.status).toBe("cancelled");
    // The seller hears of it, as from the API.
    await followUpsDone(w);
    expect((await latestEmail(w, "owner@wanderlust.example")).subject).toMatch(/cancel/i);

    const page1 = await page("/booking/bk_w2");
    expect(page1.html).toContain('<dd data-testid="booking-status">Cancelled</dd>');
  });

  it("refuses someone else's booking, a started trip and a missing id", async () => {
    const foreign = await act("/user-dashboard/upcoming-trips", { intent: "cancel", id: "bk_w1" }, { as: himalayan });
    expect(foreign.status).toBe(403);
    expect((await one<{ status: string }>("SELECT status FROM bookings WHERE id = 'bk_w1'"))?.status).toBe("pending");

    const started = await act("/user-dashboard/bookings", { intent: "cancel", id: "bk_w4" });
    expect(started.status).toBe(409);
    expect(started.answer?.ok).toBe(false);

    const missing = await act("/user-dashboard/bookings", { intent: "cancel", id: "bk_nope" });
    expect(missing.status).toBe(404);
    expect(missing.answer).toMatchObject({ ok: false, message: "Booking not found" });

    const noId = await act("/user-dashboard/bookings", { intent: "cancel" });
    expect(noId.status).toBe(422);
  });

  it("sends a signed-out visitor to /login, from a fetcher and from a plain form post", async () => {
    const fetcher = await act("/user-dashboard/bookings", { intent: "cancel", id: "bk_w1" }, { as: null });
    expect(fetcher.redirect).toMatch(/^\/login\?redirect=/);
    const form = await w.request("/user-dashboard/bookings", {
      method: "POST",
      headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "cancel", id: "bk_w1" }),
    });
    expect(form.status).toBe(302);
    expect(form.headers.get("location")).toBe(`/login?redirect=${encodeURIComponent("/user-dashboard/bookings")}`);
    expect((await one<{ status: string }>("SELECT status FROM bookings WHERE id = 'bk_w1'"))?.status).toBe("pending");
  });
});

describe("applying to sell from the dashboard", () => {
  it("shows the field errors, sends the application once, and refuses a second one and a seller", async () => {
    const agent = await newCustomer("Tara Joseph");
    const empty = await act(
      "/user-dashboard?index",
      { intent: "apply", businessName: "", phone: "", city: "", about: "" },
      { as: agent.session },
    );
    expect(empty.status).toBe(422);
    expect(empty.answer?.ok).toBe(false);
    expect(empty.answer?.issues).toContainEqual({ path: "businessName", message: "Business name is required" });

    const application = {
      intent: "apply",
      businessName: "Malabar Journeys",
      phone: "+91 98470 55555",
      city: "Kozhikode",
      about: "Family holidays along the Malabar coast and in Wayanad.",
    };
    const sent = await act("/user-dashboard?index", application, { as: agent.session, json: true });
    expect(sent.answer).toEqual({ ok: true, message: "Application sent", intent: "apply" });
    const row = await one<{ status: string; business_name: string }>(
      "SELECT status, business_name FROM seller_requests WHERE user_id = ?",
      agent.id,
    );
    expect(row).toEqual({ status: "pending", business_name: "Malabar Journeys" });
    expect((await latestEmail(w, agent.email)).subject).toBe("We received your application to sell on Tripbazaar");

    const again = await act("/user-dashboard?index", application, { as: agent.session });
    expect(again.status).toBe(409);
    expect(again.answer).toMatchObject({ ok: false, message: "Your application is already under review" });

    const dashboard = await page("/user-dashboard", agent.session);
    expect([dashboard.status, dashboard.calls]).toEqual([200, "1"]);
    expect(dashboard.text).toContain("Your application for <strong>Malabar Journeys</strong> is under review.");
    // The API reads the same application.
    expect((await w.api("GET", "/api/seller-requests/mine", undefined, bearer(agent.session))).body.request.status).toBe("pending");

    const bySeller = await act("/user-dashboard?index", application, { as: seller });
    expect(bySeller.status).toBe(409);
    expect(bySeller.answer).toMatchObject({ ok: false, message: "You already have a seller account" });
    // A seller with no application sees no card.
    expect((await page("/user-dashboard", seller)).html).not.toContain("Sell your tours on Tripbazaar");
  });
});

describe("account settings through the pages' actions", () => {
  it("saves the profile and answers the saved name", async () => {
    const meera = await newCustomer("Meera Nair");
    const saved = await act(
      "/user-dashboard/settings",
      { intent: "profile", name: "Meera Nair Rao", phone: "+91 90000 22222" },
      { as: meera.session },
    );
    expect(saved.answer).toEqual({ ok: true, message: "Profile updated successfully!", intent: "profile", name: "Meera Nair Rao" });
    expect(await one("SELECT name, phone FROM users WHERE id = ?", meera.id)).toEqual({ name: "Meera Nair Rao", phone: "+91 90000 22222" });

    // The card's own fields: the first and last name make the name (spec §3).
    const fromCard = await act(
      "/user-dashboard/settings",
      { intent: "profile", firstName: " Meera ", lastName: "Nair Rao", email: "ignored@example.com", phone: "+91 90000 22223" },
      { as: meera.session },
    );
    expect(fromCard.answer).toMatchObject({ ok: true, name: "Meera Nair Rao" });
    expect(await one("SELECT name, email, phone FROM users WHERE id = ?", meera.id)).toEqual({
      name: "Meera Nair Rao",
      email: meera.email,
      phone: "+91 90000 22223",
    });

    const bad = await act("/user-dashboard/settings", { intent: "profile", name: "", phone: "call me" }, { as: meera.session });
    expect(bad.status).toBe(422);
    expect(bad.answer?.issues?.map((i) => i.path).sort()).toEqual(["name", "phone"]);
    expect((await one<{ name: string }>("SELECT name FROM users WHERE id = ?", meera.id))?.name).toBe("Meera Nair Rao");

    const html = (await page("/user-dashboard/settings", meera.session)).html;
    expect(html).toMatch(/<input[^>]*name="lastName"[^>]*value="Nair Rao"/);

    const unknown = await act("/user-dashboard/settings", { intent: "nothing" }, { as: meera.session });
    expect(unknown.status).toBe(400);
  });

  it("changes the password with an emailed code; this device stays signed in with a new cookie, others are out", async () => {
    const ravi = await newCustomer("Ravi Kumar");
    const other = await loginViaApi(w, ravi.email, PASSWORD);

    const wrong = await act("/user-dashboard/settings", { intent: "request-code", current: "Not#thePassword1" }, { as: ravi.session });
    expect(wrong.status).toBe(400);
    expect(wrong.answer).toMatchObject({ ok: false, message: "Current password is incorrect" });

    const sent = await act("/user-dashboard/settings", { intent: "request-code", current: PASSWORD }, { as: ravi.session });
    expect(sent.answer).toEqual({ ok: true, message: "OTP sent to your email. Please check your inbox.", intent: "request-code" });
    expect((await latestEmail(w, ravi.email)).subject).toMatch(/^Your Tripbazaar password change code: \d{6}$/);

    const mismatch = await act(
      "/user-dashboard/settings",
      { intent: "change-password", new: "Monsoon#2027", confirm: "Monsoon#2028", otp: await latestCode(w, ravi.email) },
      { as: ravi.session },
    );
    expect(mismatch.status).toBe(422);
    expect(mismatch.answer?.message).toBe("Passwords do not match");

    const changed = await act(
      "/user-dashboard/settings",
      { intent: "change-password", new: "Monsoon#2027", confirm: "Monsoon#2027", otp: await latestCode(w, ravi.email) },
      { as: ravi.session },
    );
    expect(changed.status).toBe(200);
    expect(changed.answer?.ok).toBe(true);
    expect(changed.answer?.message).toBe("Password updated successfully!");
    // The fresh session is in the cookie only: no script sees the token.
    expect(changed.answer).not.toHaveProperty("token");
    const token = /tb_session=([^;]+)/.exec(changed.headers.get("set-cookie") ?? "")?.[1] ?? "";
    expect(token).not.toBe("");
    expect(token).not.toBe(ravi.session.token);

    expect((await loginViaApi(w, ravi.email, "Monsoon#2027")).user.email).toBe(ravi.email);
    expect((await page("/user-dashboard/settings", token)).status).toBe(200);
    for (const old of [ravi.session, other]) expect((await page("/user-dashboard/settings", old)).status).toBe(302);

    // On the seller's site the stale cookie is only a visitor: the prompt, and the cookie is cleared.
    const site = await page(`${SITE}/dashboard`, other);
    expect(site.status).toBe(200);
    expect(site.html).toContain("Customer Dashboard");
    expect(site.headers.get("set-cookie")).toMatch(/tb_session=;.*Max-Age=0/i);
  });

  it("answers another role with 403 and writes nothing", async () => {
    const res = await act("/seller-dashboard/settings", { intent: "profile", name: "Someone Else" }, { as: asha });
    expect(res.status).toBe(403);
    expect((await one<{ name: string }>("SELECT name FROM users WHERE id = 'u_asha'"))?.name).toBe("Asha Verma");
  });
});

describe("the seller site's customer dashboard and settings", () => {
  it("render the login prompt on the server for a visitor and for the seller owner", async () => {
    for (const [path, title] of [
      ["/dashboard", "Customer Dashboard"],
      ["/settings", "Customer Settings"],
    ]) {
      for (const as of [null, seller]) {
        const res = await page(`${SITE}${path}`, as);
        expect([res.status, res.calls], path).toEqual([200, "1"]);
        expect(res.html).toContain(`<h1>${title}</h1>`);
        expect(res.html).toContain("Please log in to access your bookings and settings");
        expect(res.html).toContain(`href="${SITE}/login"`);
        expect(res.html).not.toMatch(LOADING);
        expect(res.headers.get("cache-control")).toContain("no-store");
      }
      const onDomain = await page(path, null, "wanderlust.localhost");
      expect(onDomain.status).toBe(200);
      expect(onDomain.html).toContain(`<h1>${title}</h1>`);
      expect(onDomain.html).toContain('href="/login"');
    }
  });

  it("render a customer's bookings with this seller and profile, in one D1 round trip", async () => {
    const dashboard = await page(`${SITE}/dashboard`);
    expect([dashboard.status, dashboard.calls]).toEqual([200, "1"]);
    expect(dashboard.text).toContain("Welcome back, Asha!");
    expect(dashboard.html).toContain("Recent Bookings");
    expect(dashboard.html).not.toContain("Spiti Valley Road Trip");
    expect(dashboard.html).not.toMatch(LOADING);

    const onDomain = await page("/dashboard", asha, "wanderlust.localhost");
    expect(onDomain.status).toBe(200);
    expect(onDomain.text).toContain("Welcome back, Asha!");

    // A traveller with no trips here yet is welcomed, not welcomed back, and sent to the site's packages (issue 24).
    const newcomer = await newCustomer("Meera Welcome");
    const first = await page(`${SITE}/dashboard`, newcomer.session);
    expect(first.text).toMatch(/<h1>Welcome, [^<]+!<\/h1>/);
    expect(first.text).not.toContain("Welcome back");
    expect(first.html).toMatch(new RegExp(`href="${SITE}/package/all"[^>]*>Browse Packages`));

    const settings = await page(`${SITE}/settings`);
    expect([settings.status, settings.calls]).toEqual([200, "1"]);
    expect(settings.html).toContain("<h1>Account Settings</h1>");
    expect(settings.html).toMatch(/<input[^>]*name="firstName"[^>]*value="Asha"/);
  });

  it("send the password code in this seller's name, and cancel a booking from the dashboard", async () => {
    const priya = await newCustomer("Priya Sharma");
    const sent = await act(`${SITE}/settings`, { intent: "request-code", current: PASSWORD }, { as: priya.session });
    expect(sent.answer).toEqual({ ok: true, message: "OTP sent to your email. Please check your inbox.", intent: "request-code" });
    expect((await latestEmail(w, priya.email)).subject).toContain("Wanderlust Journeys");

    const cancelled = await act(`${SITE}/dashboard`, { intent: "cancel", id: "bk_w1" });
    expect(cancelled.answer).toEqual({ ok: true, message: "Booking cancelled" });
    expect((await one<{ status: string }>("SELECT status FROM bookings WHERE id = 'bk_w1'"))?.status).toBe("cancelled");
  });
});
