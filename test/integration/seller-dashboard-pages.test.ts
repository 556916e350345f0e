import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Session, bearer, loginViaApi } from "../support/session";
import { sendPageAction } from "../support/page-action";
import { type TestWorker, startWorker } from "../support/worker";

// Issue 13: the seller dashboard's built screens (overview, packages, add/modify package, messages, website)
// render their data on the server in one D1 round trip, and their writes are Remix actions over the same
// domain services as /api/seller-admin, answering `{ ok, message }` for the toast.

let w: TestWorker;
let seller: Session;
let himalayan: Session;
let customer: Session;
beforeAll(async () => {
  w = await startWorker();
  [seller, himalayan, customer] = await Promise.all([
    loginViaApi(w, "owner@wanderlust.example"),
    loginViaApi(w, "owner@himalayan.example"),
    loginViaApi(w, "asha@example.com"),
  ]);
});
afterAll(() => w?.dispose());

const cookie = (s: Session) => ({ cookie: `tb_session=${s.token}` });
const LOADING = /role="status"[^>]*>\s*Loading/;

async function page(path: string, as: Session = seller) {
  const res = await w.request(path, { headers: cookie(as) });
  return { status: res.status, calls: res.headers.get("x-tb-d1-calls"), html: await res.text() };
}

/** A page action as a fetcher sends it (test/support/page-action.ts). */
const act = (path: string, body: Record<string, unknown>, { json = false, as = seller }: { json?: boolean; as?: Session | null } = {}) =>
  sendPageAction(w, path, body, { json, cookie: as ? cookie(as).cookie : undefined });

const one = <T>(sql: string, ...values: unknown[]) =>
  w.d1
    .prepare(sql)
    .bind(...values)
    .first<T>();

const packageDraft = (name: string) => ({
  name,
  city: "Hampi",
  description: "Boulders, temples and a coracle ride.",
  durationDays: 3,
  images: [],
  priceRanges: [{ label: "Per person", price: 1_299_900 }],
  inclusions: ["Guided temple walk"],
  exclusions: [],
});

describe("seller dashboard pages render on the server in one D1 round trip", () => {
  it("overview: the booking tiles and the newest bookings", async () => {
    const pending = await one<{ n: number }>("SELECT count(*) AS n FROM bookings WHERE seller_id = 's_wanderlust' AND status = 'pending'");
    const { status, calls, html } = await page("/seller-dashboard");
    expect(status).toBe(200);
    expect(calls).toBe("1");
    expect(html).not.toMatch(LOADING);
    expect(html).toContain(`<span class="value">${pending?.n}</span><span class="label">Awaiting your answer</span>`);
    expect(html).toContain("Bookings by status");
    // An order's address names it by its number, the reference people see (issue 24).
    expect(html).toMatch(new RegExp(`href="/seller-dashboard/orders/TB-${w.seed.year}-\\d{6}"`));
    expect(html).not.toMatch(/href="\/seller-dashboard\/orders\/bk_/);
  });

  it("orders: the payment column says Completed, Refunded or Pending", async () => {
    const refunded = await page("/seller-dashboard/orders?paymentStatus=refunded");
    expect(refunded.status).toBe(200);
    expect(refunded.html).toContain('<td data-label="Payment">Refunded</td>');
    expect(refunded.html).not.toContain('<td data-label="Payment">Pending</td>');
    const completed = await page("/seller-dashboard/orders?paymentStatus=completed");
    expect(completed.html).toContain('<td data-label="Payment">Completed</td>');
    // The filter form is a plain GET form, and Clear a link to the list without filters: both work without scripts.
    expect(completed.html).toMatch(/<a[^>]*href="\/seller-dashboard\/orders"[^>]*>Clear<\/a>/);
  });

  it("packages: the seller's own packages, drafts included", async () => {
    const { status, calls, html } = await page("/seller-dashboard/packages");
    expect(status).toBe(200);
    expect(calls).toBe("1");
    expect(html).not.toMatch(LOADING);
    expect(html).toContain("Goa Beach Escape");
    expect(html).toContain('data-package-id="p_kerala_draft"');
    const own = await one<{ n: number }>("SELECT count(*) AS n FROM packages WHERE seller_id = 's_wanderlust'");
    expect(html.match(/data-package-id="/g)).toHaveLength(own?.n ?? -1);
  });

  it("modify package: the form filled with the package; another seller's package is not found", async () => {
    const { status, calls, html } = await page("/seller-dashboard/packages/modify-package/p_goa");
    expect(status).toBe(200);
    expect(calls).toBe("1");
    expect(html).toContain('value="Goa Beach Escape"');
    expect(html).toContain("Changes show on your website as soon as you save.");

    const other = await page("/seller-dashboard/packages/modify-package/p_goa", himalayan);
    expect(other.status).toBe(404);
    expect(other.calls).toBe("1");
    expect(other.html).toContain("Package not found");
    expect(other.html).not.toContain('value="Goa Beach Escape"');
  });

  it("add package: the empty form", async () => {
    const { status, calls, html } = await page("/seller-dashboard/packages/add-package");
    expect(status).toBe(200);
    expect(calls).toBe("1");
    expect(html).toContain("Save package");
  });

  it("messages: the inbox with its unread count, filtered by the address; bad filters are a 400 page", async () => {
    const all = await page("/seller-dashboard/messages");
    expect(all.status).toBe(200);
    expect(all.calls).toBe("1");
    expect(all.html).not.toMatch(LOADING);
    expect(all.html).toContain("Honeymoon in Kerala");
    expect(all.html).toContain("Group booking for 12");
    expect(all.html).toMatch(/Messages<!-- -->\s*\(1 unread\)|Messages \(1 unread\)/);

    const read = await page("/seller-dashboard/messages?status=read");
    expect(read.calls).toBe("1");
    expect(read.html).toContain("Group booking for 12");
    expect(read.html).not.toContain("Honeymoon in Kerala");

    expect((await page("/seller-dashboard/messages?status=archived")).status).toBe(400);
    // Another seller's inbox is their own.
    expect((await page("/seller-dashboard/messages", himalayan)).html).not.toContain("Honeymoon in Kerala");
  });

  it("website: addresses, domains, brand and profile", async () => {
    const { status, calls, html } = await page("/seller-dashboard/website");
    expect(status).toBe(200);
    expect(calls).toBe("1");
    expect(html).not.toMatch(LOADING);
    expect(html).toContain('href="/seller/wanderlust-journeys/website"');
    expect(html).toContain("http://localhost<!-- -->/seller/wanderlust-journeys/website");
    expect(html).toContain("wanderlust.localhost");
    expect(html).toContain('id="websiteName"');
    expect(html).toContain("Public profile");
  });
});

describe("seller dashboard actions", () => {
  it("packages: publish and unpublish; a booked package cannot be deleted (409), an unbooked one can", async () => {
    const published = await act("/seller-dashboard/packages", { intent: "status", id: "p_kerala_draft", status: "published" });
    expect(published.status).toBe(200);
    expect(published.answer).toEqual({ ok: true, message: "Package published" });
    expect((await one<{ status: string }>("SELECT status FROM packages WHERE id = 'p_kerala_draft'"))?.status).toBe("published");

    const unpublished = await act("/seller-dashboard/packages", { intent: "status", id: "p_kerala_draft", status: "draft" });
    expect(unpublished.answer).toEqual({ ok: true, message: "Package unpublished" });

    const booked = await act("/seller-dashboard/packages", { intent: "delete", id: "p_goa" });
    expect(booked.status).toBe(409);
    expect(booked.answer).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("cannot be deleted") });
    expect(await one("SELECT id FROM packages WHERE id = 'p_goa'")).not.toBeNull();

    // Another seller's package reads as missing.
    const theirs = await act("/seller-dashboard/packages", { intent: "delete", id: "p_goa" }, { as: himalayan });
    expect(theirs.status).toBe(404);
    expect(theirs.answer).toMatchObject({ ok: false, message: "Package not found" });

    const bad = await act("/seller-dashboard/packages", { intent: "status", id: "p_kerala_draft", status: "archived" });
    expect(bad.status).toBe(422);
    expect(bad.answer?.issues?.[0]?.path).toBe("status");
  });

  it("add package: a draft, once per Idempotency-Key; field errors as the API names them", async () => {
    const key = crypto.randomUUID();
    const body = { ...packageDraft("Hampi Boulders"), idempotencyKey: key };
    const first = await act("/seller-dashboard/packages/add-package", body, { json: true });
    expect(first.status).toBe(200);
    expect(first.answer).toEqual({ ok: true, message: "Package saved as a draft. Publish it to show it on your website." });
    const again = await act("/seller-dashboard/packages/add-package", body, { json: true });
    expect(again.answer?.ok).toBe(true);
    const made = await w.d1.prepare("SELECT id, status FROM packages WHERE name = 'Hampi Boulders'").all<{ id: string; status: string }>();
    expect(made.results).toHaveLength(1);
    expect(made.results[0].status).toBe("draft");

    // The same key is the same key through the API: a retry there makes nothing new either.
    const viaApi = await w.api("POST", "/api/seller-admin/packages", packageDraft("Hampi Boulders"), {
      ...bearer(seller),
      "Idempotency-Key": key,
    });
    expect(viaApi.headers.get("idempotent-replayed")).toBe("true");
    expect(viaApi.body.package.id).toBe(made.results[0].id);

    const empty = await act(
      "/seller-dashboard/packages/add-package",
      { ...packageDraft(""), idempotencyKey: crypto.randomUUID() },
      { json: true },
    );
    expect(empty.status).toBe(422);
    expect(empty.answer).toMatchObject({ ok: false, issues: [{ path: "name", message: "Name cannot be empty" }] });

    // A package no booking references can be deleted.
    const deleted = await act("/seller-dashboard/packages", { intent: "delete", id: made.results[0].id });
    expect(deleted.answer).toEqual({ ok: true, message: "Package deleted" });
    expect(await one("SELECT id FROM packages WHERE id = ?", made.results[0].id)).toBeNull();
  });

  it("modify package: the whole package is saved", async () => {
    const res = await act(
      "/seller-dashboard/packages/modify-package/p_manali",
      { ...packageDraft("Manali Snow Trails"), city: "Manali" },
      { json: true },
    );
    expect(res.status).toBe(200);
    expect(res.answer).toEqual({ ok: true, message: "Package updated" });
    expect(await one("SELECT name, city FROM packages WHERE id = 'p_manali'")).toEqual({ name: "Manali Snow Trails", city: "Manali" });

    const theirs = await act("/seller-dashboard/packages/modify-package/p_manali", packageDraft("Taken over"), {
      json: true,
      as: himalayan,
    });
    expect(theirs.status).toBe(404);
    expect((await one<{ name: string }>("SELECT name FROM packages WHERE id = 'p_manali'"))?.name).toBe("Manali Snow Trails");
  });

  it("messages: mark read and unread", async () => {
    const read = await act("/seller-dashboard/messages", { id: "msg_seed_1", status: "read" });
    expect(read.answer).toEqual({ ok: true, message: "Marked as read" });
    expect((await one<{ status: string }>("SELECT status FROM contact_messages WHERE id = 'msg_seed_1'"))?.status).toBe("read");
    const unread = await act("/seller-dashboard/messages", { id: "msg_seed_1", status: "new" });
    expect(unread.answer).toEqual({ ok: true, message: "Marked as unread" });
    expect((await one<{ status: string }>("SELECT status FROM contact_messages WHERE id = 'msg_seed_1'"))?.status).toBe("new");

    const theirs = await act("/seller-dashboard/messages", { id: "msg_seed_1", status: "read" }, { as: himalayan });
    expect(theirs.status).toBe(404);
    expect(theirs.answer).toMatchObject({ ok: false, message: "Message not found" });
  });

  it("website: brand, profile, and adding and removing a domain", async () => {
    const brand = await act(
      "/seller-dashboard/website",
      { intent: "brand", themeColor: "#0f766e", secondaryColor: "#87ceeb", websiteName: "Wanderlust Trails", wallpaperImage: null },
      { json: true },
    );
    expect(brand.answer).toEqual({ ok: true, message: "Website settings saved" });
    expect(await one("SELECT theme_color AS theme, website_name AS name FROM website_configs WHERE seller_id = 's_wanderlust'")).toEqual({
      theme: "#0f766e",
      name: "Wanderlust Trails",
    });
    const badColour = await act(
      "/seller-dashboard/website",
      { intent: "brand", themeColor: "teal", secondaryColor: "#87ceeb", websiteName: "W" },
      { json: true },
    );
    expect(badColour.status).toBe(422);
    expect(badColour.answer?.issues?.[0]?.path).toBe("themeColor");

    const profile = await act(
      "/seller-dashboard/website",
      {
        intent: "profile",
        logo: null,
        backgroundImage: null,
        bio: "Trips since 2009.",
        phone: "+91 98450 12345",
        address: "MG Road, Bengaluru",
      },
      { json: true },
    );
    expect(profile.answer).toEqual({ ok: true, message: "Profile saved" });
    expect(await one("SELECT bio, phone FROM sellers WHERE id = 's_wanderlust'")).toEqual({
      bio: "Trips since 2009.",
      phone: "+91 98450 12345",
    });

    const added = await act("/seller-dashboard/website", { intent: "addDomain", hostname: "Trips.Wanderlust-Example.com." });
    expect(added.answer).toEqual({ ok: true, message: "Domain added. Create the DNS records shown below, then press Check now." });
    const domain = await one<{ id: string; status: string }>(
      "SELECT id, status FROM custom_domains WHERE hostname = 'trips.wanderlust-example.com'",
    );
    expect(domain?.status).toBe("pending");
    const shown = await page("/seller-dashboard/website");
    expect(shown.calls).toBe("1");
    expect(shown.html).toContain("_cf-custom-hostname.trips.wanderlust-example.com");
    expect(shown.html).toContain("Check now");

    const platform = await act("/seller-dashboard/website", { intent: "addDomain", hostname: "localhost" });
    expect(platform.status).toBe(422);
    const taken = await act("/seller-dashboard/website", { intent: "addDomain", hostname: "wanderlust.localhost" });
    expect(taken.status).toBe(409);
    expect(taken.answer).toMatchObject({ ok: false, message: "This hostname is already registered" });

    const removed = await act("/seller-dashboard/website", { intent: "removeDomain", id: domain?.id ?? "" });
    expect(removed.answer).toEqual({ ok: true, message: "Domain removed" });
    expect(await one("SELECT id FROM custom_domains WHERE id = ?", domain?.id)).toBeNull();
    const gone = await act("/seller-dashboard/website", { intent: "removeDomain", id: domain?.id ?? "" });
    expect(gone.status).toBe(404);
  });

  it("answer a customer with 403 and send a signed-out visitor to /login, writing nothing", async () => {
    const before = await one<{ status: string }>("SELECT status FROM contact_messages WHERE id = 'msg_seed_2'");
    const asCustomer = await act("/seller-dashboard/messages", { id: "msg_seed_2", status: "new" }, { as: customer });
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.text).toContain("You do not have permission to view this page");

    const signedOut = await w.request("/seller-dashboard/messages", {
      method: "POST",
      headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: "msg_seed_2", status: "new" }),
    });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe(`/login?redirect=${encodeURIComponent("/seller-dashboard/messages")}`);
    expect(await one("SELECT status FROM contact_messages WHERE id = 'msg_seed_2'")).toEqual(before);

    for (const path of ["/seller-dashboard/packages", "/seller-dashboard/website", "/seller-dashboard/packages/add-package"]) {
      expect((await act(path, { intent: "delete", id: "p_goa" }, { as: customer })).status, path).toBe(403);
    }
  });
});
