import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingRequest, createBookingAs } from "../support/bookings";
import { sendPageAction } from "../support/page-action";
import { type Session, bearer, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

let w: TestWorker;
let admin: Session;
beforeAll(async () => {
  w = await startWorker();
  admin = await loginViaApi(w, "admin@tripbazaar.example");
});
afterAll(() => w?.dispose());

const list = (query = "", s: Session = admin) => w.api("GET", `/api/superadmin/users${query}`, undefined, bearer(s));
const setStatus = (id: string, status: string, s: Session = admin) =>
  w.api("PUT", `/api/superadmin/users/${id}/status`, { status }, bearer(s));
/** The same change through the users page's action, as its Disable button sends it. */
const setStatusOnPage = (id: string, status: string, s: Session & { cookie: string }) =>
  sendPageAction(w, "/superadmin-panel/users", { id, status }, { cookie: s.cookie });

/** Himalayan Trails' published packages (worker/db/seed-data.ts); Spiti and Kedarnath are among the home's six best rated. */
const HIMALAYAN = ["p_spiti", "p_kedarnath", "p_darjeeling", "p_sikkim"];
const WANDERLUST = ["p_goa", "p_manali", "p_jaipur", "p_munnar", "p_leh", "p_udaipur", "p_rishikesh", "p_port_blair"];
const linksIn = (html: string) => [...html.matchAll(/href="\/tour-package\/([\w-]+)"/g)].map((m) => m[1]);
/** Which tour-package pages the main home and tour search link to, and which package pages answer. */
async function marketplace() {
  const home = await w.request("/");
  const search = await w.request("/tours/search");
  const spitiSearch = await w.request("/tours/search?q=spiti");
  expect([home.status, search.status, spitiSearch.status]).toEqual([200, 200, 200]);
  const pages: Record<string, number> = {};
  for (const id of HIMALAYAN) {
    const res = await w.request(`/tour-package/${id}`);
    await res.arrayBuffer();
    pages[id] = res.status;
  }
  const spitiHtml = await spitiSearch.text();
  return {
    home: linksIn(await home.text()),
    search: linksIn(await search.text()).sort(),
    /** The search for "spiti": its links, the count it shows, and whether the package's name is anywhere in the page. */
    spiti: {
      links: linksIn(spitiHtml),
      count: /(\d+) packages?(?:<!-- -->)? for/.exec(spitiHtml)?.[1],
      named: spitiHtml.includes("Spiti Valley"),
    },
    pages,
  };
}

describe("superadmin: users", () => {
  it("lists accounts without secrets, searches by name or email, and filters by role", async () => {
    const all = await list();
    expect(all.status).toBe(200);
    // The seed's six accounts: two sellers, Asha, Meera and Rahul (travellers) and the admin.
    expect(all.body.pagination.total).toBe(6);
    expect(Object.keys(all.body.users[0]).sort()).toEqual([
      "createdAt",
      "email",
      "id",
      "isVerified",
      "name",
      "phone",
      "role",
      "sitePath",
      "status",
    ]);
    // A seller's site by its readable address (ADR 0040); no site for other accounts.
    const sitePaths = Object.fromEntries(all.body.users.map((u: { id: string; sitePath: string | null }) => [u.id, u.sitePath]));
    expect(sitePaths).toMatchObject({ s_wanderlust: "/seller/wanderlust-journeys/website", u_asha: null });
    expect(JSON.stringify(all.body)).not.toMatch(/password|pbkdf2|tokenVersion/i);
    expect((await list("?q=ASHA")).body.users.map((u: { id: string }) => u.id)).toEqual(["u_asha"]);
    expect((await list("?q=wanderlust.example")).body.users.map((u: { id: string }) => u.id)).toEqual(["s_wanderlust"]);
    expect((await list("?q=%25")).body.users).toEqual([]);
    expect((await list("?role=seller")).body.users.map((u: { id: string }) => u.id).sort()).toEqual(["s_himalayan", "s_wanderlust"]);
    expect((await list("?role=pilot")).status).toBe(422);
  });

  it("disabling a seller ends their sessions and takes their website, packages and bookings offline; enabling brings them back", async () => {
    const seller = await loginViaApi(w, "owner@himalayan.example");
    const asha = await loginViaApi(w, "asha@example.com");
    expect((await w.request("/seller/himalayan-trails/website")).status).toBe(200);
    const before = await marketplace();
    expect(before.home).toEqual(expect.arrayContaining(["p_spiti", "p_kedarnath"]));
    expect(before.search).toEqual([...HIMALAYAN, ...WANDERLUST].sort());
    expect(before.spiti).toEqual({ links: ["p_spiti"], count: "1", named: true });
    expect(before.pages).toEqual({ p_spiti: 200, p_kedarnath: 200, p_darjeeling: 200, p_sikkim: 200 });

    const disabled = await setStatus("s_himalayan", "disabled");
    expect(disabled.status).toBe(200);
    expect(disabled.body.user).toMatchObject({ id: "s_himalayan", status: "disabled" });
    expect((await w.api("GET", "/api/seller-admin/packages", undefined, bearer(seller))).status).toBe(401);
    expect((await w.api("POST", "/api/auth/login", { email: "owner@himalayan.example", password: "Travel#2026" })).status).toBe(401);
    // The "Website not found" page carries none of the seller's packages, not even in its hydration data.
    const offline = await w.request("/seller/himalayan-trails/website");
    expect(offline.status).toBe(404);
    expect(await offline.text()).not.toContain("Spiti Valley");
    expect((await w.api("GET", "/api/seller-website/seller/s_himalayan/website/package/all")).status).toBe(404);
    expect((await w.api("GET", "/api/seller-website/seller/s_himalayan/website/package/p_spiti")).status).toBe(404);
    const book = await createBookingAs(w, bearer(asha), bookingRequest({ packageId: "p_spiti" }));
    expect(book.status).toBe(404);
    // The main marketplace drops them too: home, tour search (its count included) and the package pages.
    const off = await marketplace();
    expect(off.home).toHaveLength(6);
    expect(off.home.filter((id) => HIMALAYAN.includes(id))).toEqual([]);
    expect(off.search).toEqual([...WANDERLUST].sort());
    expect(off.spiti).toEqual({ links: [], count: "0", named: false });
    expect(off.pages).toEqual({ p_spiti: 404, p_kedarnath: 404, p_darjeeling: 404, p_sikkim: 404 });

    expect((await setStatus("s_himalayan", "active")).status).toBe(200);
    expect((await w.request("/seller/himalayan-trails/website")).status).toBe(200);
    expect((await w.api("POST", "/api/auth/login", { email: "owner@himalayan.example", password: "Travel#2026" })).status).toBe(200);
    expect((await createBookingAs(w, bearer(asha), bookingRequest({ packageId: "p_spiti" }))).status).toBe(201);
    expect(await marketplace()).toEqual(before);
  });

  it("cannot disable itself or another superadmin, and is the only role that can", async () => {
    const self = await setStatus("u_admin", "disabled");
    expect(self.status).toBe(409);
    expect(self.body).toMatchObject({ success: false, message: "You cannot disable your own account" });

    // A second superadmin, with the demo password (the seeded admin's hash).
    await w.d1
      .prepare(
        "INSERT INTO users (id, name, email, phone, password_hash, role, is_verified) SELECT 'u_admin2', 'Second Admin', 'admin2@tripbazaar.example', NULL, password_hash, 'superadmin', 1 FROM users WHERE id = 'u_admin'",
      )
      .run();
    const other = await setStatus("u_admin2", "disabled");
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ success: false, message: "Superadmin accounts cannot be changed here" });
    const adminPage = await loginViaApi(w, "admin@tripbazaar.example");
    expect((await setStatusOnPage("u_admin", "disabled", adminPage)).answer).toMatchObject({
      ok: false,
      status: 409,
      message: "You cannot disable your own account",
    });
    const onPage = await setStatusOnPage("u_admin2", "disabled", adminPage);
    expect(onPage.status).toBe(403);
    expect(onPage.answer).toMatchObject({ ok: false, status: 403, message: "Superadmin accounts cannot be changed here" });
    // And the other way round: the second superadmin cannot disable the first.
    const second = await loginViaApi(w, "admin2@tripbazaar.example");
    const back = await setStatus("u_admin", "disabled", second);
    expect(back.status).toBe(403);
    expect(back.body).toMatchObject({ success: false, message: "Superadmin accounts cannot be changed here" });
    expect((await setStatusOnPage("u_admin", "disabled", second)).answer).toMatchObject({ ok: false, status: 403 });
    // Nothing changed: both still active, sessions unchanged.
    const rows = await w.d1
      .prepare("SELECT id, status, token_version FROM users WHERE role = 'superadmin' ORDER BY id")
      .all<{ id: string; status: string; token_version: number }>();
    expect(rows.results).toEqual([
      { id: "u_admin", status: "active", token_version: 0 },
      { id: "u_admin2", status: "active", token_version: 0 },
    ]);
    expect((await list("", second)).status).toBe(200);

    expect((await setStatus("u_nobody", "disabled")).status).toBe(404);
    expect((await setStatus("u_asha", "sleeping")).status).toBe(422);
    const seller = await loginViaApi(w, "owner@wanderlust.example");
    expect((await list("", seller)).status).toBe(403);
    expect((await setStatus("u_asha", "disabled", seller)).status).toBe(403);
  });
});
