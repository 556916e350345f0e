import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingRequest, createBookingAs } from "../support/bookings";
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

describe("superadmin: users", () => {
  it("lists accounts without secrets, searches by name or email, and filters by role", async () => {
    const all = await list();
    expect(all.status).toBe(200);
    expect(all.body.pagination.total).toBeGreaterThanOrEqual(4);
    expect(Object.keys(all.body.users[0]).sort()).toEqual(["createdAt", "email", "id", "isVerified", "name", "phone", "role", "status"]);
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
    expect((await w.request("/seller/s_himalayan/website")).status).toBe(200);

    const off = await setStatus("s_himalayan", "disabled");
    expect(off.status).toBe(200);
    expect(off.body.user).toMatchObject({ id: "s_himalayan", status: "disabled" });
    expect((await w.api("GET", "/api/seller-admin/packages", undefined, bearer(seller))).status).toBe(401);
    expect((await w.api("POST", "/api/auth/login", { email: "owner@himalayan.example", password: "Travel#2026" })).status).toBe(401);
    // The "Website not found" page carries none of the seller's packages, not even in its hydration data.
    const offline = await w.request("/seller/s_himalayan/website");
    expect(offline.status).toBe(404);
    expect(await offline.text()).not.toContain("Spiti Valley");
    expect((await w.api("GET", "/api/seller-website/seller/s_himalayan/website/package/all")).status).toBe(404);
    expect((await w.api("GET", "/api/seller-website/seller/s_himalayan/website/package/p_spiti")).status).toBe(404);
    const book = await createBookingAs(w, bearer(asha), bookingRequest({ packageId: "p_spiti" }));
    expect(book.status).toBe(404);

    expect((await setStatus("s_himalayan", "active")).status).toBe(200);
    expect((await w.request("/seller/s_himalayan/website")).status).toBe(200);
    expect((await w.api("POST", "/api/auth/login", { email: "owner@himalayan.example", password: "Travel#2026" })).status).toBe(200);
    expect((await createBookingAs(w, bearer(asha), bookingRequest({ packageId: "p_spiti" }))).status).toBe(201);
  });

  it("cannot disable itself or another superadmin, and is the only role that can", async () => {
    expect((await setStatus("u_admin", "disabled")).body).toMatchObject({ success: false, message: "You cannot disable your own account" });
    expect((await setStatus("u_nobody", "disabled")).status).toBe(404);
    expect((await setStatus("u_asha", "sleeping")).status).toBe(422);
    const seller = await loginViaApi(w, "owner@wanderlust.example");
    expect((await list("", seller)).status).toBe(403);
    expect((await setStatus("u_asha", "disabled", seller)).status).toBe(403);
  });
});
