import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingRequest, createBookingAs, idemKey, resetBookingLimits } from "../support/bookings";
import { sendPageAction } from "../support/page-action";
import { type Session, bearer, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

/** Package moderation and edits (issue 28, ADR 0048): what travellers, sellers and the operator each see. */
let w: TestWorker;
let admin: Session & { cookie: string };
let seller: Session & { cookie: string };
let other: Session & { cookie: string };
let traveller: Session & { cookie: string };
beforeAll(async () => {
  w = await startWorker();
  [admin, seller, other, traveller] = await Promise.all([
    loginViaApi(w, "admin@tripbazaar.example"),
    loginViaApi(w, "owner@wanderlust.example"),
    loginViaApi(w, "owner@himalayan.example"),
    loginViaApi(w, "asha@example.com"),
  ]);
});
afterAll(() => w?.dispose());

const P = "/seller/wanderlust-journeys/website";
const DOMAIN = "wanderlust.localhost";
const setApproval = (on: boolean) =>
  w.d1
    .prepare("UPDATE platform_settings SET packages_need_approval = ?")
    .bind(on ? 1 : 0)
    .run();

const NEW_PACKAGE = {
  name: "Coorg Coffee Trails",
  city: "Coorg",
  description: "Three slow days among the coffee estates of Coorg.",
  durationDays: 3,
  images: ["/images/packages/munnar.jpg"],
  priceRanges: [{ label: "Per person", price: 1_250_000 }],
  inclusions: ["Homestay", "Estate walk"],
  exclusions: ["Flights"],
};

async function addPublished(name: string, s: Session = seller) {
  const created = await w.api("POST", "/api/seller-admin/packages", { ...NEW_PACKAGE, name }, bearer(s));
  expect(created.status).toBe(201);
  const id = created.body.package.id as string;
  const published = await w.api("PUT", `/api/seller-admin/packages/${id}/status`, { status: "published" }, bearer(s));
  expect(published.status).toBe(200);
  return { id, created: created.body, published: published.body };
}

/** Every public read of a package: whether each shows it (or, for bookings, takes it). */
async function publicReads(id: string, name: string) {
  const text = async (path: string, host?: string) => {
    // No credentials: the seller pages answer from the edge cache when they can, as a visitor gets them.
    const res = await w.request(path, { host });
    return { status: res.status, html: await res.text() };
  };
  const [home, search, tour, landing, all, detail, sitemap, domainAll, domainDetail, domainSitemap, apiAll, apiOne, apiSearch] =
    await Promise.all([
      text("/"),
      text(`/tours/search?q=${encodeURIComponent(name)}`),
      text(`/tour-package/${id}`),
      text(`${P}`),
      text(`${P}/package/all`),
      text(`${P}/package/${id}`),
      text(`${P}/sitemap.xml`),
      text("/package/all", DOMAIN),
      text(`/package/${id}`, DOMAIN),
      text("/sitemap.xml", DOMAIN),
      w.api("GET", "/api/seller-website/seller/s_wanderlust/website/package/all"),
      w.api("GET", `/api/seller-website/seller/s_wanderlust/website/package/${id}`),
      w.api("GET", `/api/seller-website/seller/s_wanderlust/website/searchpackages/${encodeURIComponent("coorg")}`),
    ]);
  return {
    home: home.html.includes(id),
    search: search.html.includes(id),
    tourPage: tour.status,
    landing: landing.html.includes(id),
    all: all.html.includes(id),
    detail: detail.status,
    sitemap: sitemap.html.includes(id),
    domainAll: domainAll.html.includes(id),
    domainDetail: domainDetail.status,
    domainSitemap: domainSitemap.html.includes(id),
    apiAll: JSON.stringify(apiAll.body).includes(id),
    apiOne: apiOne.status,
    apiSearch: JSON.stringify(apiSearch.body).includes(id),
  };
}

const HIDDEN = {
  home: false,
  search: false,
  tourPage: 404,
  landing: false,
  all: false,
  detail: 404,
  sitemap: false,
  domainAll: false,
  domainDetail: 404,
  domainSitemap: false,
  apiAll: false,
  apiOne: 404,
  apiSearch: false,
};
const SHOWN = {
  // The newest packages lead the main home and the seller's landing.
  home: true,
  landing: true,
  search: true,
  tourPage: 200,
  all: true,
  detail: 200,
  sitemap: true,
  domainAll: true,
  domainDetail: 200,
  domainSitemap: true,
  apiAll: true,
  apiOne: 200,
  apiSearch: true,
};

const decide = (kind: "packages" | "edits", id: string, body: unknown, s: Session = admin) =>
  w.api("PUT", `/api/superadmin/${kind}/${id}/decision`, body, bearer(s));
const auditOf = (targetId: string) =>
  w.d1
    .prepare(
      "SELECT actor_id, actor_role, action, target_type, before, after, reason FROM audit_log WHERE target_id = ? ORDER BY created_at",
    )
    .bind(targetId)
    .all<{
      actor_id: string;
      actor_role: string;
      action: string;
      target_type: string;
      before: string;
      after: string;
      reason: string | null;
    }>()
    .then((r) => r.results);

describe("package moderation", () => {
  it("with the setting off, a new package publishes at once, and existing packages count as approved", async () => {
    await setApproval(false);
    const { id, created } = await addPublished("Coorg Off Switch");
    expect(created.package.moderation).toBe("approved");
    const reads = await publicReads(id, "Coorg Off Switch");
    expect(reads).toMatchObject({ tourPage: 200, detail: 200, domainDetail: 200, apiOne: 200, all: true, sitemap: true });
    const seeded = await w.d1.prepare("SELECT count(*) AS n FROM packages WHERE moderation != 'approved'").first<{ n: number }>();
    expect(seeded?.n).toBe(0);
  });

  it("with the setting on, a new package is on no public page, API or booking until approved; approval shows it everywhere", async () => {
    await setApproval(true);
    const name = "Coorg Pending Trail";
    const { id, created, published } = await addPublished(name);
    expect(created.package).toMatchObject({ moderation: "pending", moderationReason: null, edit: null });
    expect(published.message).toMatch(/once Tripbazaar approves it/);
    // Warm the seller's cached pages first: approval must still show the package on them.
    await publicReads(id, name);
    expect(await publicReads(id, name)).toEqual(HIDDEN);
    await resetBookingLimits(w);
    const booking = await createBookingAs(w, bearer(traveller), bookingRequest({ packageId: id }));
    expect(booking.status).toBeGreaterThanOrEqual(400);
    expect(booking.status).toBeLessThan(500);
    const cart = await w.api("POST", "/api/cart", bookingRequest({ packageId: id }), {
      ...bearer(traveller),
      "idempotency-key": idemKey(),
    });
    expect(cart.status).toBeGreaterThanOrEqual(400);
    expect(cart.status).toBeLessThan(500);

    // The operator finds it among every seller's packages by its name, its seller or its state.
    const listed = await w.api("GET", "/api/superadmin/packages?state=pending&q=wanderlust", undefined, bearer(admin));
    expect(listed.status).toBe(200);
    expect(listed.body.packages.map((p: { id: string }) => p.id)).toContain(id);
    expect(listed.body.packages.every((p: { moderation: string }) => p.moderation === "pending")).toBe(true);
    const byName = await w.api("GET", `/api/superadmin/packages?q=${encodeURIComponent("pending trail")}`, undefined, bearer(admin));
    expect(byName.body.packages.map((p: { id: string }) => p.id)).toEqual([id]);

    const approved = await decide("packages", id, { decision: "approve" });
    expect(approved.status).toBe(200);
    expect(approved.body.package).toEqual({ id, moderation: "approved" });
    expect(await publicReads(id, name)).toEqual(SHOWN);
    await resetBookingLimits(w);
    expect((await createBookingAs(w, bearer(traveller), bookingRequest({ packageId: id }))).status).toBe(201);

    // Decided once: a second decision is a 409 and writes no second audit entry.
    expect((await decide("packages", id, { decision: "reject", reason: "Too late" })).status).toBe(409);
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: admin.user.id,
      actor_role: "superadmin",
      action: "package.approve",
      target_type: "package",
    });
    expect(JSON.parse(audit[0].before)).toMatchObject({ moderation: "pending" });
    expect(JSON.parse(audit[0].after)).toMatchObject({ moderation: "approved" });
  });

  it("a rejection needs a reason, which the seller reads in their list; their next save sends it for review again", async () => {
    await setApproval(true);
    const { id } = await addPublished("Coorg Rejected Trail");
    const noReason = await decide("packages", id, { decision: "reject" });
    expect(noReason.status).toBe(422);
    expect(noReason.body.issues[0].path).toBe("reason");
    expect((await decide("packages", id, { decision: "maybe" })).status).toBe(422);
    expect((await decide("packages", "p_nope", { decision: "approve" })).status).toBe(404);

    const rejected = await decide("packages", id, { decision: "reject", reason: "The photos show another place" });
    expect(rejected.status).toBe(200);
    const mine = await w.api("GET", "/api/seller-admin/packages", undefined, bearer(seller));
    expect(mine.body.packages.find((p: { id: string }) => p.id === id)).toMatchObject({
      moderation: "rejected",
      moderationReason: "The photos show another place",
    });
    const page = await w.request("/seller-dashboard/packages", { headers: { cookie: seller.cookie } });
    const html = await page.text();
    expect(html).toContain("Not approved");
    expect(html).toContain("The photos show another place");
    expect((await publicReads(id, "Coorg Rejected Trail")).detail).toBe(404);
    expect((await auditOf(id))[0]).toMatchObject({ action: "package.reject", reason: "The photos show another place" });

    const fixed = await w.api("PUT", `/api/seller-admin/packages/${id}`, { ...NEW_PACKAGE, name: "Coorg Rejected Trail" }, bearer(seller));
    expect(fixed.body.package).toMatchObject({ moderation: "pending", moderationReason: null });
  });

  it("of concurrent decisions on one package exactly one lands, with one audit entry", async () => {
    await setApproval(true);
    const { id } = await addPublished("Coorg Race Trail");
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => decide("packages", id, i % 2 ? { decision: "approve" } : { decision: "reject", reason: "Race" })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(await auditOf(id)).toHaveLength(1);
  });
});

describe("edits to a live package", () => {
  it("hold text and photo changes for review while the live version stays; prices apply at once; approval puts the change live", async () => {
    await setApproval(false);
    const { id } = await addPublished("Coorg Edit Trail");
    await setApproval(true);
    const warm = await w.request(`${P}/package/${id}`);
    expect(await warm.text()).toContain("Three slow days");

    const changed = await w.api(
      "PUT",
      `/api/seller-admin/packages/${id}`,
      {
        ...NEW_PACKAGE,
        name: "Coorg Edit Trail",
        description: "Three slow days among the misty coffee estates of Coorg, with a tasting.",
        images: ["/images/packages/munnar.jpg", "/images/packages/goa.jpg"],
        inclusions: ["Homestay", "Coffee tasting"],
        priceRanges: [{ label: "Per person", price: 1_100_000 }],
      },
      bearer(seller),
    );
    expect(changed.status).toBe(200);
    expect(changed.body.message).toMatch(/once Tripbazaar approves them/);
    expect(changed.body.package.edit).toMatchObject({ status: "pending", fields: ["description", "images", "inclusions"] });
    // Live: the old text and photos, the new price.
    expect(changed.body.package.description).toBe(NEW_PACKAGE.description);
    expect(changed.body.package.priceRanges[0].price).toBe(1_100_000);
    const live = await (await w.request(`${P}/package/${id}`)).text();
    expect(live).toContain("Three slow days among the coffee estates");
    expect(live).not.toContain("misty");
    expect(live).toContain("11,000");

    // Another seller sees none of it, and cannot reach the operator's queue.
    const theirs = await w.api("GET", "/api/seller-admin/packages", undefined, bearer(other));
    expect(JSON.stringify(theirs.body)).not.toContain(id);
    expect((await w.api("GET", `/api/seller-admin/packages/${id}`, undefined, bearer(other))).status).toBe(404);
    expect((await w.api("GET", "/api/superadmin/edits", undefined, bearer(other))).status).toBe(403);

    const queue = await w.api("GET", "/api/superadmin/edits", undefined, bearer(admin));
    expect(queue.status).toBe(200);
    const edit = queue.body.edits.find((e: { packageId: string }) => e.packageId === id);
    expect(edit.fields).toEqual(["description", "images", "inclusions"]);
    const description = edit.diff.find((d: { field: string }) => d.field === "description");
    expect(description.kind).toBe("text");
    expect(description.segments).toContainEqual({ kind: "added", text: "misty " });
    expect(
      description.segments
        .filter((s: { kind: string }) => s.kind === "removed")
        .map((s: { text: string }) => s.text)
        .join(""),
    ).toBe("Coorg.");
    expect(edit.diff.find((d: { field: string }) => d.field === "images")).toMatchObject({
      kind: "images",
      before: ["/images/packages/munnar.jpg"],
      after: ["/images/packages/munnar.jpg", "/images/packages/goa.jpg"],
    });
    expect(edit.diff.find((d: { field: string }) => d.field === "inclusions")).toMatchObject({
      removed: ["Estate walk"],
      added: ["Coffee tasting"],
      kept: 1,
    });
    const panel = await w.request("/superadmin-panel/edits", { headers: { cookie: admin.cookie } });
    const panelHtml = await panel.text();
    expect(panel.status).toBe(200);
    expect(panelHtml).toContain("<ins>");
    expect(panelHtml).toContain("misty");

    const approved = await decide("edits", edit.id, { decision: "approve" });
    expect(approved.status).toBe(200);
    const after = await (await w.request(`${P}/package/${id}`)).text();
    expect(after).toContain("misty coffee estates");
    expect(after).toContain("Coffee tasting");
    const mine = await w.api("GET", `/api/seller-admin/packages/${id}`, undefined, bearer(seller));
    expect(mine.body.package).toMatchObject({ edit: null, inclusions: ["Homestay", "Coffee tasting"] });
    const audit = await auditOf(edit.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "package_edit.approve", target_type: "package_edit" });
    expect(JSON.parse(audit[0].after)).toMatchObject({ packageId: id, description: expect.stringContaining("misty") });
    expect((await decide("edits", edit.id, { decision: "approve" })).status).toBe(409);
  });

  it("a rejected change leaves the live package as it was and tells the seller why; a newer change supersedes a pending one", async () => {
    await setApproval(false);
    const { id } = await addPublished("Coorg Reject Edit");
    await setApproval(true);
    const send = (name: string) =>
      w.api("PUT", `/api/seller-admin/packages/${id}`, { ...NEW_PACKAGE, name }, bearer(seller)).then((r) => r.body.package.edit);
    const first = await send("Coorg Reject Edit — first");
    const second = await send("Coorg Reject Edit — CALL 98450 12345");
    expect(second.id).not.toBe(first.id);
    expect((await decide("edits", first.id, { decision: "approve" })).status).toBe(409);
    expect((await decide("edits", second.id, { decision: "reject" })).status).toBe(422);
    expect((await decide("edits", second.id, { decision: "reject", reason: "No phone numbers in names" })).status).toBe(200);
    const mine = (await w.api("GET", `/api/seller-admin/packages/${id}`, undefined, bearer(seller))).body.package;
    expect(mine).toMatchObject({ name: "Coorg Reject Edit", edit: { status: "rejected", reason: "No phone numbers in names" } });
    expect(await (await w.request(`/tour-package/${id}`)).text()).not.toContain("98450 12345");
    expect((await auditOf(second.id))[0]).toMatchObject({ action: "package_edit.reject", reason: "No phone numbers in names" });
  });

  it("the itinerary is reviewed text too", async () => {
    await setApproval(false);
    const { id } = await addPublished("Coorg Itinerary Edit");
    await setApproval(true);
    const saved = await sendPageAction(
      w,
      "/seller-dashboard/addon-itinerary",
      { intent: "itinerary", packageId: id, "days.0.title": "Arrive in Madikeri", "days.0.details": "Check in and walk the estate" },
      { cookie: seller.cookie },
    );
    expect(saved.answer?.message).toMatch(/once Tripbazaar approves it/);
    const pkg = (await w.api("GET", `/api/seller-admin/packages/${id}`, undefined, bearer(seller))).body.package;
    expect(pkg.itinerary).toEqual([]);
    expect(pkg.edit?.fields).toEqual(["itinerary"]);
  });
});

describe("the panel's moderation refuses everyone but the superadmin", () => {
  it("answers 403 to a seller and a traveller on every endpoint and page, 401 without a session", async () => {
    for (const s of [seller, traveller]) {
      expect((await w.api("GET", "/api/superadmin/packages", undefined, bearer(s))).status).toBe(403);
      expect((await w.api("GET", "/api/superadmin/edits", undefined, bearer(s))).status).toBe(403);
      expect((await decide("packages", "p_goa", { decision: "approve" }, s)).status).toBe(403);
      expect((await decide("edits", "pe_x", { decision: "approve" }, s)).status).toBe(403);
      for (const path of ["/superadmin-panel/seller-packages", "/superadmin-panel/edits"]) {
        expect((await w.request(path, { headers: { cookie: s.cookie } })).status).toBe(403);
        const posted = await sendPageAction(w, path, { intent: "package", id: "p_goa", decision: "approve" }, { cookie: s.cookie });
        expect(posted.status).toBe(403);
      }
    }
    expect((await w.api("GET", "/api/superadmin/packages")).status).toBe(401);
  });

  it("reads each panel page and list in one D1 round trip", async () => {
    for (const path of ["/api/superadmin/packages?q=coorg", "/api/superadmin/edits"]) {
      const res = await w.api("GET", path, undefined, bearer(admin));
      expect(res.status).toBe(200);
      expect(res.headers.get("x-tb-d1-calls")).toBe("1");
    }
    for (const path of ["/superadmin-panel/seller-packages?state=pending", "/superadmin-panel/edits?status=approved"]) {
      const res = await w.request(path, { headers: { cookie: admin.cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-tb-d1-calls")).toBe("1");
    }
  });
});
