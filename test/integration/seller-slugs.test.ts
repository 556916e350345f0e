import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendPageAction } from "../support/page-action";
import { type Session, bearer, latestCode, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

/** Readable seller addresses (ADR 0040): assigned, redirected from ids and old slugs, changed once. */
let w: TestWorker;
let admin: Session;
beforeAll(async () => {
  w = await startWorker();
  admin = await loginViaApi(w, "admin@tripbazaar.example");
});
afterAll(() => w?.dispose());

let n = 0;
/** A new seller, through the real signup, application and approval: their session (cookie too) and their slug. */
async function newSeller(businessName: string) {
  const email = `slug${++n}-${Date.now()}@example.com`;
  const headers = { "cf-connecting-ip": `192.0.2.${100 + n}` };
  const signup = await w.api(
    "POST",
    "/api/auth/signup",
    { name: "Meera Iyer", phone: "+91 90000 33333", email, password: "Sunrise#2026" },
    headers,
  );
  expect(signup.status).toBe(201);
  const ok = await w.api("POST", "/api/auth/verify-otp", { userId: signup.body.userId, otp: await latestCode(w, email) }, headers);
  const session: Session = { token: ok.body.token, user: ok.body.user };
  const application = { businessName, phone: "+91 98000 12345", city: "Leh", about: "Treks and road trips in the high Himalaya." };
  const applied = await w.api("POST", "/api/seller-requests", application, bearer(session));
  expect(applied.status).toBe(201);
  expect((await w.api("POST", `/api/superadmin/seller-requests/${applied.body.request.id}/approve`, undefined, bearer(admin))).status).toBe(
    200,
  );
  const slug = await w.d1.prepare("SELECT slug FROM sellers WHERE id = ?").bind(session.user.id).first<string>("slug");
  return { ...session, cookie: `tb_session=${session.token}`, slug: slug as string };
}

const site = (segment: string, rest = "") => `/seller/${segment}/website${rest}`;
const changeByForm = (cookie: string, slug: string) =>
  sendPageAction(w, "/seller-dashboard/settings", { intent: "slug", slug }, { cookie });

describe("a seller's address", () => {
  it("is the business name's slug, unique across sellers (-2, -3…), and never a reserved word", async () => {
    const first = await newSeller("Himalayan Trails & Treks");
    const second = await newSeller("Himalayan Trails & Treks");
    const third = await newSeller("  HIMALAYAN trails -- treks!  ");
    expect([first.slug, second.slug, third.slug]).toEqual([
      "himalayan-trails-treks",
      "himalayan-trails-treks-2",
      "himalayan-trails-treks-3",
    ]);
    // The seeded "Himalayan Trails" holds its slug, so a new one with that name takes the next.
    expect((await newSeller("Himalayan Trails")).slug).toBe("himalayan-trails-2");
    expect((await newSeller("Admin")).slug).toMatch(/^seller-\d+$/);
    const site1 = await w.request(site(first.slug));
    expect(site1.status).toBe(200);
    expect(await site1.text()).toContain("Himalayan Trails &amp; Treks");
  });

  it("answers by id and by any encoding of the id with a permanent redirect to the same page and query at the slug", async () => {
    for (const [asked, expected] of [
      [site("s_wanderlust"), site("wanderlust-journeys")],
      [site("s_wanderlust", "/package/p_goa?book=1&adults=2"), site("wanderlust-journeys", "/package/p_goa?book=1&adults=2")],
      [site("s%5Fwanderlust", "/about"), site("wanderlust-journeys", "/about")],
      [site("s_himalayan", "/contact"), site("himalayan-trails", "/contact")],
    ]) {
      const res = await w.request(asked);
      expect(res.status, asked).toBe(308);
      expect(res.headers.get("location"), asked).toBe(expected);
      expect(res.headers.get("cache-control"), asked).toBe("private, no-store");
    }
    // A client navigation's data request is sent to the document at the new address.
    const data = await w.request(`${site("s_wanderlust", "/about")}.data`);
    expect(await data.text()).toContain(site("wanderlust-journeys", "/about"));
    // An id or slug of nobody stays "Website not found".
    for (const nobody of ["u_nobody", "no-such-agency"]) expect((await w.request(site(nobody))).status, nobody).toBe(404);
  });

  it("is changed once in the settings, without scripts; the old slug and the id then redirect to the new one", async () => {
    const seller = await newSeller("Zanskar Journeys");
    expect(seller.slug).toBe("zanskar-journeys");
    const before = await (await w.request("/seller-dashboard/settings", { headers: { cookie: seller.cookie } })).text();
    expect(before).toContain(`href="${site("zanskar-journeys")}"`);
    expect(before).toContain("Change address");
    // Cached at the old address before the change.
    await w.request(site("zanskar-journeys", "/about"));
    expect((await w.request(site("zanskar-journeys", "/about"))).headers.get("x-tb-cache")).toBe("hit");

    // A form post as a browser without scripts sends it: the page comes back with the answer in it.
    const posted = await w.request("/seller-dashboard/settings", {
      method: "POST",
      headers: { cookie: seller.cookie, origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "slug", slug: "Zanskar-Treks" }).toString(),
    });
    expect(posted.status).toBe(200);
    const after = await posted.text();
    expect(after).toContain(`Your website address is now ${site("zanskar-treks")}. The old address leads there.`);
    expect(after).not.toContain("Change address");
    expect(after).toContain("It cannot be changed again.");

    for (const asked of [site("zanskar-journeys", "/about"), site(seller.user.id, "/about")]) {
      const res = await w.request(asked);
      // At once, with no stale copy from the cache (the page action's new version reaches the Worker's cache lookup).
      expect(res.status, asked).toBe(308);
      expect(res.headers.get("location"), asked).toBe(site("zanskar-treks", "/about"));
    }
    const moved = await w.request(site("zanskar-treks", "/about"));
    expect(moved.status).toBe(200);
    const html = await moved.text();
    expect(html).toContain(`href="${site("zanskar-treks", "/contact")}"`);
    expect(html).not.toContain("zanskar-journeys");

    // The second change is refused, by the form and by the API, and changes nothing.
    const again = await changeByForm(seller.cookie, "zanskar-trails");
    expect(again.status).toBe(409);
    expect(again.answer).toMatchObject({
      ok: false,
      message: "You have already changed your website address once. It cannot be changed again.",
    });
    const api = await w.api("PUT", "/api/seller-admin/site/slug", { slug: "zanskar-trails" }, bearer(seller));
    expect(api.status).toBe(409);
    expect(api.body).toEqual({
      success: false,
      message: "You have already changed your website address once. It cannot be changed again.",
    });
    expect(await w.d1.prepare("SELECT slug FROM sellers WHERE id = ?").bind(seller.user.id).first("slug")).toBe("zanskar-treks");
    // The given-up slug stays his: nobody else may take it, so its redirect holds for good.
    const other = await newSeller("Nubra Valley Tours");
    const taken = await w.api("PUT", "/api/seller-admin/site/slug", { slug: "zanskar-journeys" }, bearer(other));
    expect(taken.status).toBe(422);
    expect((await newSeller("Zanskar Journeys")).slug).toBe("zanskar-journeys-2");
  });

  it("lets exactly one of two racing changes through", async () => {
    const seller = await newSeller("Ladakh Loops");
    const answers = await Promise.all(
      ["ladakh-loops-one", "ladakh-loops-two", "ladakh-loops-three"].map((slug) =>
        w.api("PUT", "/api/seller-admin/site/slug", { slug }, bearer(seller)),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const rows = await w.d1.prepare("SELECT old_slug FROM seller_slug_changes WHERE seller_id = ?").bind(seller.user.id).all();
    expect(rows.results).toEqual([{ old_slug: "ladakh-loops" }]);
  });

  it("refuses a bad, reserved or taken address with a 4xx that says why, and writes nothing", async () => {
    const seller = await newSeller("Spiti Circuits");
    const cases: [unknown, number, string][] = [
      ["ab", 422, "The address needs at least 3 characters"],
      ["a".repeat(41), 422, "The address is at most 40 characters"],
      ["spiti_circuits", 422, "Use only lowercase letters a–z, digits and hyphens"],
      ["spiti circuits", 422, "Use only lowercase letters a–z, digits and hyphens"],
      ["-spiti", 422, "The address cannot start or end with a hyphen"],
      ["spiti-", 422, "The address cannot start or end with a hyphen"],
      ["spiti--circuits", 422, "The address cannot have two hyphens in a row"],
      ["admin", 422, "That address is reserved. Please choose another."],
      ["wanderlust-journeys", 422, "That address is taken. Please choose another."],
      ["spiti-circuits", 422, "That is already your website address"],
      [42, 422, "Enter a website address"],
    ];
    for (const [slug, status, message] of cases) {
      const api = await w.api("PUT", "/api/seller-admin/site/slug", { slug }, bearer(seller));
      expect(api.status, String(slug)).toBe(status);
      expect(api.body.success, String(slug)).toBe(false);
      expect(JSON.stringify(api.body), String(slug)).toContain(message);
      if (typeof slug !== "string") continue;
      const form = await changeByForm(seller.cookie, slug);
      expect(form.status, String(slug)).toBeGreaterThanOrEqual(400);
      expect(form.status, String(slug)).toBeLessThan(500);
      expect(JSON.stringify(form.answer), String(slug)).toContain(message);
    }
    const malformed = await w.request("/api/seller-admin/site/slug", {
      method: "PUT",
      headers: { "content-type": "application/json", ...bearer(seller) },
      body: "{",
    });
    expect(malformed.status).toBe(400);
    expect(await w.d1.prepare("SELECT slug FROM sellers WHERE id = ?").bind(seller.user.id).first("slug")).toBe("spiti-circuits");
    expect(await w.d1.prepare("SELECT count(*) AS n FROM seller_slug_changes WHERE seller_id = ?").bind(seller.user.id).first("n")).toBe(0);
    // Not a seller: no address to change.
    const asha = await loginViaApi(w, "asha@example.com");
    expect((await w.api("PUT", "/api/seller-admin/site/slug", { slug: "asha-tours" }, bearer(asha))).status).toBe(403);
  });

  it("is the only way the platform links to a seller site: no page names one by id", async () => {
    const [seller, superadmin] = await Promise.all([
      loginViaApi(w, "owner@wanderlust.example"),
      loginViaApi(w, "admin@tripbazaar.example"),
    ]);
    const pages: [string, string | undefined][] = [
      ["/", undefined],
      ["/tours/search?q=goa", undefined],
      ["/tour-package/p_manali", undefined],
      ["/tour-package/p_spiti", undefined],
      [site("wanderlust-journeys"), undefined],
      [site("wanderlust-journeys", "/package/all"), undefined],
      [site("wanderlust-journeys", "/sitemap.xml"), undefined],
      [site("wanderlust-journeys", "/robots.txt"), undefined],
      ["/seller-dashboard/website", seller.cookie],
      ["/seller-dashboard/settings", seller.cookie],
      ["/superadmin-panel/users?role=seller", superadmin.cookie],
      ["/superadmin-panel/requests/approved", superadmin.cookie],
    ];
    for (const [path, cookie] of pages) {
      const res = await w.request(path, { headers: cookie ? { cookie } : {} });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).not.toMatch(/\/seller\/(u|s)_/);
      expect(html, path).not.toMatch(/\/seller\/(u|s)%5F/i);
    }
    const dashboard = await (await w.request("/seller-dashboard/website", { headers: { cookie: seller.cookie } })).text();
    expect(dashboard).toContain(`href="${site("wanderlust-journeys")}"`);
    // A seller without a custom domain is booked on their site by path.
    const book = await (await w.request("/tour-package/p_spiti")).text();
    expect(book).toContain(site("himalayan-trails", "/package/p_spiti"));
  });
});

describe("migration 0009's backfill", () => {
  it("gives every seller without a slug one from its name, in order of signup, unique and never reserved", async () => {
    const rows: [string, string, string][] = [
      ["u_bf1", "Coorg Coffee Trails", "2020-01-01T00:00:00.000Z"],
      ["u_bf2", "Coorg Coffee Trails", "2020-01-02T00:00:00.000Z"],
      ["u_bf3", "Admin", "2020-01-03T00:00:00.000Z"],
      ["u_bf4", "ऋषिकेश", "2020-01-04T00:00:00.000Z"],
      ["u_bf5", "  Goa -- Sun & Sand!! ", "2020-01-05T00:00:00.000Z"],
    ];
    await w.d1.batch(
      rows.flatMap(([id, name, at]) => [
        w.d1
          .prepare("INSERT INTO users (id, name, email, password_hash, role) VALUES (?, ?, ?, 'x', 'seller')")
          .bind(id, name, `${id}@example.com`),
        w.d1.prepare("INSERT INTO sellers (id, name, email, created_at) VALUES (?, ?, ?, ?)").bind(id, name, `${id}@example.com`, at),
      ]),
    );
    const migration = readFileSync(new URL("../../migrations/0009_seller_slugs.sql", import.meta.url), "utf8");
    const backfill = migration
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter((s) => /^(--[^\n]*\n)*(WITH|UPDATE)/.test(s));
    expect(backfill).toHaveLength(2);
    for (const statement of backfill) await w.d1.prepare(statement).run();
    const slugs = await w.d1.prepare("SELECT id, slug FROM sellers WHERE id LIKE 'u_bf%' ORDER BY id").all<{ id: string; slug: string }>();
    const [coorg, coorg2, admin, hindi, goa] = slugs.results.map((r) => r.slug);
    expect([coorg, coorg2, goa]).toEqual(["coorg-coffee-trails", "coorg-coffee-trails-2", "goa-sun-sand"]);
    // A reserved or unspellable name gets "seller-N" (or, if that is taken, a random "seller-…").
    for (const slug of [admin, hindi]) expect(slug).toMatch(/^seller-[0-9a-f]+$/);
    expect(admin).not.toBe(hindi);
    // Seeded and approved sellers kept theirs.
    expect(await w.d1.prepare("SELECT slug FROM sellers WHERE id = 's_wanderlust'").first("slug")).toBe("wanderlust-journeys");
    expect((await w.request(site("u_bf5"))).headers.get("location")).toBe(site("goa-sun-sand"));
  });
});
