import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Session, bearer, latestCode, latestEmail, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

let w: TestWorker;
let admin: Session;
let seller: Session;
beforeAll(async () => {
  w = await startWorker();
  [admin, seller] = await Promise.all([loginViaApi(w, "admin@tripbazaar.example"), loginViaApi(w, "owner@wanderlust.example")]);
});
afterAll(() => w?.dispose());

let n = 0;
/** A new verified customer, signed in. */
async function newCustomer(): Promise<Session> {
  const email = `agent${++n}-${Date.now()}@example.com`;
  const headers = { "cf-connecting-ip": `192.0.2.${n}` };
  const res = await w.api(
    "POST",
    "/api/auth/signup",
    { name: "Kiran Das", phone: "+91 90000 22222", email, password: "Sunrise#2026" },
    headers,
  );
  expect(res.status).toBe(201);
  const ok = await w.api("POST", "/api/auth/verify-otp", { userId: res.body.userId, otp: await latestCode(w, email) }, headers);
  expect(ok.status).toBe(200);
  return { token: ok.body.token, user: ok.body.user };
}

const application = {
  businessName: "Coastal Trails",
  phone: "+91 98000 12345",
  city: "Kochi",
  about: "Backwater and beach holidays in Kerala since 2015.",
};
const apply = (s: Session, body: unknown = application) => w.api("POST", "/api/seller-requests", body, bearer(s));
const pending = async () =>
  (await w.api("GET", "/api/superadmin/seller-requests?status=pending", undefined, bearer(admin))).body.requests as {
    id: string;
    userId: string;
  }[];

describe("applying to sell and the superadmin's review", () => {
  it("turns an approved applicant into a seller with a live website in the signup theme", async () => {
    const agent = await newCustomer();
    const res = await apply(agent);
    expect(res.status).toBe(201);
    expect(res.body.request).toMatchObject({ status: "pending", businessName: "Coastal Trails", userId: agent.user.id });
    expect((await latestEmail(w, agent.user.email)).subject).toBe("We received your application to sell on Tripbazaar");
    expect((await w.api("GET", "/api/seller-requests/mine", undefined, bearer(agent))).body.request.status).toBe("pending");

    const listed = (await pending()).find((r) => r.id === res.body.request.id);
    expect(listed).toMatchObject({ applicant: { name: "Kiran Das", email: agent.user.email } });
    // No website and no seller API before approval.
    expect((await w.request(`/seller/${agent.user.id}/website`)).status).toBe(404);
    expect((await w.api("GET", "/api/seller-admin/packages", undefined, bearer(agent))).status).toBe(403);

    const approved = await w.api("POST", `/api/superadmin/seller-requests/${res.body.request.id}/approve`, undefined, bearer(admin));
    expect(approved.status).toBe(200);
    expect(approved.body.request).toMatchObject({ status: "approved", reviewedBy: "u_admin" });

    // The same session is now a seller's: the role is read from D1 on every call.
    expect((await w.api("GET", "/api/seller-admin/packages", undefined, bearer(agent))).body).toEqual({ success: true, packages: [] });
    const config = await w.api("GET", `/api/seller-website/seller/${agent.user.id}/website/config`);
    expect(config.body.websiteConfig).toEqual({
      themeColor: "#2563eb",
      secondaryColor: "#2563eb",
      websiteName: "Coastal Trails",
      wallpaperImage: null,
    });
    expect(config.body.seller).toMatchObject({ name: "Coastal Trails", email: agent.user.email, phone: "+91 98000 12345" });
    // The site lives at the business name's slug (ADR 0040); the address by id leads there.
    const byId = await w.request(`/seller/${agent.user.id}/website`);
    expect(byId.status).toBe(308);
    expect(byId.headers.get("location")).toMatch(/^\/seller\/coastal-trails(-\d+)?\/website$/);
    const site = await w.request(byId.headers.get("location") as string);
    expect(site.status).toBe(200);
    expect(await site.text()).toContain("Coastal Trails");
    expect((await latestEmail(w, agent.user.email)).subject).toBe("Your Tripbazaar seller account is ready");
    // A seller cannot apply again.
    expect((await apply(agent)).body).toMatchObject({ success: false, message: "You already have a seller account" });
  });

  it("lets one of many concurrent reviews win, and the losers write nothing", async () => {
    const agent = await newCustomer();
    const { body } = await apply(agent, { ...application, businessName: "Race Tours" });
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        w.api("POST", `/api/superadmin/seller-requests/${body.request.id}/approve`, undefined, bearer(admin)),
      ),
      ...Array.from({ length: 5 }, () =>
        w.api("POST", `/api/superadmin/seller-requests/${body.request.id}/reject`, { note: "Duplicate application" }, bearer(admin)),
      ),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).map((r) => [r.status, r.body.message])).toEqual(
      Array(9).fill([409, "This request has already been reviewed"]),
    );
    const winner = results.find((r) => r.status === 200)!.body.request.status;
    const sellers = await w.d1.prepare("SELECT count(*) AS n FROM sellers WHERE id = ?").bind(agent.user.id).first<{ n: number }>();
    expect(sellers?.n).toBe(winner === "approved" ? 1 : 0);
  });

  it("rejects with a note the applicant sees, and lets them apply again", async () => {
    const agent = await newCustomer();
    const { body } = await apply(agent);
    expect((await apply(agent)).body).toMatchObject({ success: false, message: "Your application is already under review" });
    const tooShort = await w.api("POST", `/api/superadmin/seller-requests/${body.request.id}/reject`, { note: "no" }, bearer(admin));
    expect(tooShort.status).toBe(422);
    const rejected = await w.api(
      "POST",
      `/api/superadmin/seller-requests/${body.request.id}/reject`,
      { note: "Please add your GST number." },
      bearer(admin),
    );
    expect(rejected.status).toBe(200);
    const mine = await w.api("GET", "/api/seller-requests/mine", undefined, bearer(agent));
    expect(mine.body.request).toMatchObject({ status: "rejected", reviewNote: "Please add your GST number." });
    expect((await latestEmail(w, agent.user.email)).text).toContain("Reason: Please add your GST number.");
    expect((await w.request(`/seller/${agent.user.id}/website`)).status).toBe(404);
    expect((await apply(agent)).status).toBe(201);
  });

  it("refuses bad input, other roles and unknown requests", async () => {
    const agent = await newCustomer();
    const bad = await apply(agent, { businessName: "", phone: "call me", city: "", about: "short" });
    expect(bad.status).toBe(422);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["about", "businessName", "city", "phone"]);
    expect((await w.api("GET", "/api/seller-requests/mine", undefined, bearer(agent))).body.request).toBeNull();
    expect((await w.api("POST", "/api/seller-requests", application)).status).toBe(401);
    // Only a superadmin reviews.
    expect((await w.api("GET", "/api/superadmin/seller-requests", undefined, bearer(seller))).status).toBe(403);
    expect((await w.api("GET", "/api/superadmin/seller-requests", undefined, bearer(agent))).status).toBe(403);
    const { body } = await apply(agent);
    expect((await w.api("POST", `/api/superadmin/seller-requests/${body.request.id}/approve`, undefined, bearer(agent))).status).toBe(403);
    expect((await w.api("POST", "/api/superadmin/seller-requests/sr_nope/approve", undefined, bearer(admin))).status).toBe(404);
    expect((await w.api("GET", "/api/superadmin/seller-requests?status=maybe", undefined, bearer(admin))).status).toBe(422);
  });
});
