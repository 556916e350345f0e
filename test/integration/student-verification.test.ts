import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceBooking } from "../../worker/domain/bookings/pricing";
import { CLOCK_HEADER } from "../../worker/clock";
import { FAULT_HEADER } from "../../worker/db/fault-d1";
import { checkDocument } from "../../worker/domain/students/document";
import { ADMIN, ASHA, SELLER_A, bookingRequest, daysFromNow, idemKey } from "../support/bookings";
import { expectConsoleError } from "../support/console-guard";
import { followUpsDone } from "../support/follow-ups";
import { encodeForm, sendPageAction } from "../support/page-action";
import { newCustomer } from "../support/security-fixtures";
import { type Session, bearer, loginViaApi, waitForEmail } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

// Issue 28: a traveller's student ID, checked by its bytes and kept privately; the superadmin's decision, with its
// email, the document's deletion and an audit entry in one batch; the student discount, applied by the server only for
// a verified (unexpired) student on a package whose seller opted in, and kept by the booking.

let w: TestWorker;
let admin: Session & { cookie: string };
let seller: Session & { cookie: string };
let asha: Session & { cookie: string };
let meera: Session & { cookie: string };
beforeAll(async () => {
  w = await startWorker({ bindings: { TEST_CLOCK: "1", FAULTS: "1" } });
  [admin, seller, asha, meera] = await Promise.all([
    loginViaApi(w, ADMIN),
    loginViaApi(w, SELLER_A),
    loginViaApi(w, ASHA),
    loginViaApi(w, "meera@example.com"),
  ]);
});
afterAll(() => w?.dispose());

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAAOUlEQVR4AayNwQkAMAgDxWEKXaT/0kE6o9O4hfoN+fgxcI9AyOk6LxH/NxGVJgMD2yEIGwcUfMm9AAAA//9tSBROAAAABklEQVQDAJQ8GUEz6tl3AAAAAElFTkSuQmCC",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const HTML = Buffer.from("<!doctype html><script>alert(document.cookie)</script>");

const file = (bytes: Buffer, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });
const png = () => file(PNG, "student-id.png", "image/png");

async function submit(who: Session | null, fields: Record<string, string | File>, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const { type, body } = await encodeForm(form);
  const res = await w.request("/api/student-verification", {
    method: "POST",
    headers: { "content-type": type, ...(who ? bearer(who) : {}), ...headers },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const goodFields = (extra: Record<string, string | File> = {}) => ({
  institution: "IIT Bombay",
  courseEndDate: daysFromNow(200),
  file: png(),
  ...extra,
});

async function storedDocuments() {
  const bucket = await w.mf.getR2Bucket("MEDIA");
  return (await bucket.list({ prefix: "student-ids/" })).objects.map((o) => o.key);
}

const one = <T>(sql: string, ...args: unknown[]) =>
  w.d1
    .prepare(sql)
    .bind(...args)
    .first<T>();

const pendingIdOf = async (userId: string) =>
  (await one<{ id: string }>("SELECT id FROM student_verifications WHERE user_id = ? AND status = 'pending'", userId))?.id ?? "";

const auditOf = (id: string) =>
  w.d1.prepare("SELECT action, actor_id, actor_role, reason, before, after FROM audit_log WHERE target_id = ?").bind(id).all<{
    action: string;
    actor_id: string;
    actor_role: string;
    reason: string | null;
    before: string;
    after: string;
  }>();

describe("uploading a student ID", () => {
  it("refuses a wrong type, a fake extension, a document over 4 MB and missing fields, and stores nothing", async () => {
    const traveller = await newCustomer(w, "upload");
    const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");
    expect((await submit(traveller, goodFields({ file: file(gif, "id.gif", "image/gif") }))).status).toBe(415);
    // HTML named and typed as a PDF, and a PNG named as a PDF: the bytes decide.
    const fakePdf = await submit(traveller, goodFields({ file: file(HTML, "id.pdf", "application/pdf") }));
    expect(fakePdf.status).toBe(415);
    expect(fakePdf.body.message).toMatch(/JPEG, PNG or WebP image, or a PDF/);
    expect((await submit(traveller, goodFields({ file: file(PNG, "id.pdf", "application/octet-stream") }))).status).toBe(415);
    expect((await submit(traveller, goodFields({ file: file(PNG, "id.png", "application/pdf") }))).status).toBe(415);
    const big = await submit(
      traveller,
      goodFields({ file: file(Buffer.concat([PDF, Buffer.alloc(4 * 1024 * 1024)]), "id.pdf", "application/pdf") }),
    );
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ success: false, message: "The document is at most 4 MB" });
    const noFile = await submit(traveller, { institution: "IIT Bombay", courseEndDate: daysFromNow(200) });
    expect(noFile.status).toBe(400);
    const noInstitution = await submit(traveller, goodFields({ institution: "" }));
    expect(noInstitution.status).toBe(422);
    expect(noInstitution.body.issues[0].path).toBe("institution");
    expect((await submit(traveller, goodFields({ courseEndDate: "2026-02-30" }))).status).toBe(422);
    const past = await submit(traveller, goodFields({ courseEndDate: daysFromNow(-1) }));
    expect(past.status).toBe(422);
    expect(past.body.message).toBe("Your course must end after today");
    // Only the seed's waiting document is stored.
    expect(await storedDocuments()).toEqual(["student-ids/u_rahul/seed-student-id.pdf"]);
    expect(await one("SELECT id FROM student_verifications WHERE user_id = ?", traveller.user.id)).toBeNull();
  });

  it("takes an image or a PDF privately, shows the traveller their own pending state, and refuses a second while one waits", async () => {
    const traveller = await newCustomer(w, "pdf");
    const sent = await submit(traveller, goodFields({ file: file(PDF, "enrolment.pdf", "application/pdf") }));
    expect(sent.status).toBe(201);
    expect(sent.body.verification).toMatchObject({ status: "pending", institution: "IIT Bombay", canSubmit: false });
    const keys = (await storedDocuments()).filter((k) => k.startsWith(`student-ids/${traveller.user.id}/`));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/\.pdf$/);
    // Never served publicly: not under /media/, whatever the path.
    expect((await w.request(`/media/${keys[0]}`)).status).toBe(404);
    const again = await submit(traveller, goodFields());
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Your student ID is already waiting for review");
    expect((await storedDocuments()).filter((k) => k.startsWith(`student-ids/${traveller.user.id}/`))).toEqual(keys);

    const mine = await w.api("GET", "/api/student-verification", undefined, bearer(traveller));
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ success: true, verification: { status: "pending" }, discountPercent: 5 });
    // Another traveller sees their own (none), never this one.
    const other = await w.api("GET", "/api/student-verification", undefined, bearer(asha));
    expect(other.body.verification).toMatchObject({ status: "none", institution: null });
  });

  it("is the traveller's alone: a guest gets 401, a seller and the superadmin 403", async () => {
    expect((await submit(null, goodFields())).status).toBe(401);
    expect((await submit(seller, goodFields())).status).toBe(403);
    expect((await submit(admin, goodFields())).status).toBe(403);
    expect((await w.api("GET", "/api/student-verification", undefined, bearer(seller))).status).toBe(403);
  });
});

describe("the superadmin's queue", () => {
  it("refuses travellers and sellers (403) on every admin endpoint and the document page", async () => {
    const traveller = await newCustomer(w, "refused");
    expect((await submit(traveller, goodFields())).status).toBe(201);
    const id = await pendingIdOf(traveller.user.id);
    for (const who of [traveller, seller]) {
      expect((await w.api("GET", "/api/superadmin/student-verifications", undefined, bearer(who))).status).toBe(403);
      expect((await w.api("POST", `/api/superadmin/student-verifications/${id}/approve`, {}, bearer(who))).status).toBe(403);
      expect(
        (await w.api("POST", `/api/superadmin/student-verifications/${id}/reject`, { reason: "Not a student card" }, bearer(who))).status,
      ).toBe(403);
    }
    for (const cookie of [asha.cookie, seller.cookie]) {
      expect((await w.request(`/superadmin-panel/students/${id}/document`, { headers: { cookie } })).status).toBe(403);
      expect((await w.request("/superadmin-panel/students", { headers: { cookie } })).status).toBe(403);
    }
    expect((await w.request(`/superadmin-panel/students/${id}/document`)).status).toBe(302);
    expect(await one("SELECT status FROM student_verifications WHERE id = ?", id)).toEqual({ status: "pending" });
  });

  it("has the seed's waiting student ID in the queue, its document a real PDF the checks accept, and its history logged", async () => {
    const queue = await w.api("GET", "/api/superadmin/student-verifications", undefined, bearer(admin));
    expect(queue.body.verifications.find((v: { id: string }) => v.id === "sv_seed_rahul")).toMatchObject({
      email: "rahul@example.com",
      institution: "Goa College of Engineering",
      documentType: "application/pdf",
    });
    const doc = await w.request("/superadmin-panel/students/sv_seed_rahul/document", { headers: { cookie: admin.cookie } });
    expect(doc.status).toBe(200);
    expect(doc.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await doc.arrayBuffer());
    expect(checkDocument({ bytes, declared: "application/pdf", name: "id.pdf" })).toMatchObject({ contentType: "application/pdf" });
    expect(new TextDecoder().decode(bytes)).toContain("SAMPLE - demo data, not a real document");
    // The decisions behind the seed: Meera's approval (as her row records it) and Rahul's first document refused.
    const logged = await w.d1
      .prepare(
        "SELECT action, target_id, actor_id, reason FROM audit_log WHERE target_type = 'student_verification' AND id LIKE 'au_seed_%' ORDER BY created_at",
      )
      .all<{ action: string; target_id: string; actor_id: string; reason: string | null }>();
    expect(logged.results.map((e) => [e.action, e.target_id, e.actor_id])).toEqual([
      ["student.approve", "sv_seed_meera", "u_admin"],
      ["student.reject", "sv_seed_rahul_first", "u_admin"],
    ]);
    expect(logged.results[1].reason).toMatch(/too blurred/);
    expect(await one("SELECT decided_by FROM student_verifications WHERE id = 'sv_seed_meera'")).toEqual({ decided_by: "u_admin" });
  });

  it("shows the superadmin the document; approving emails the traveller, deletes the document and writes one audit entry", async () => {
    const traveller = await newCustomer(w, "approve");
    expect((await submit(traveller, goodFields())).status).toBe(201);
    const id = await pendingIdOf(traveller.user.id);

    const queue = await w.api("GET", "/api/superadmin/student-verifications", undefined, bearer(admin));
    expect(queue.status).toBe(200);
    expect(queue.body.verifications.find((v: { id: string }) => v.id === id)).toMatchObject({
      email: traveller.user.email,
      institution: "IIT Bombay",
      documentType: "image/png",
    });
    const doc = await w.request(`/superadmin-panel/students/${id}/document`, { headers: { cookie: admin.cookie } });
    expect(doc.status).toBe(200);
    expect(doc.headers.get("content-type")).toBe("image/png");
    expect(doc.headers.get("cache-control")).toBe("private, no-store");
    expect(doc.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await doc.arrayBuffer()).equals(PNG)).toBe(true);

    // A fault in the decision's batch leaves nothing: no decision, no email, no audit entry.
    expectConsoleError("injected fault");
    const failed = await w.api(
      "POST",
      `/api/superadmin/student-verifications/${id}/approve`,
      {},
      { ...bearer(admin), [FAULT_HEADER]: "before-write:1" },
    );
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(await one("SELECT status, document_key IS NOT NULL AS kept FROM student_verifications WHERE id = ?", id)).toEqual({
      status: "pending",
      kept: 1,
    });
    expect((await auditOf(id)).results).toEqual([]);

    const approved = await w.api("POST", `/api/superadmin/student-verifications/${id}/approve`, {}, bearer(admin));
    expect(approved.status).toBe(200);
    expect(approved.body.verification).toMatchObject({ id, status: "verified", reason: null });
    const email = await waitForEmail(w, traveller.user.email, (m) => m.subject === "Your student status is verified");
    expect(email.text).toContain("IIT Bombay");
    await followUpsDone(w);
    expect((await storedDocuments()).filter((k) => k.startsWith(`student-ids/${traveller.user.id}/`))).toEqual([]);
    expect(await one("SELECT document_key, document_type FROM student_verifications WHERE id = ?", id)).toEqual({
      document_key: null,
      document_type: null,
    });
    expect((await w.request(`/superadmin-panel/students/${id}/document`, { headers: { cookie: admin.cookie } })).status).toBe(404);

    const audit = (await auditOf(id)).results;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "student.approve", actor_id: "u_admin", actor_role: "superadmin", reason: null });
    expect(JSON.parse(audit[0].after)).toMatchObject({ status: "verified" });

    // Decided once: a second decision is refused and writes nothing more.
    expect((await w.api("POST", `/api/superadmin/student-verifications/${id}/approve`, {}, bearer(admin))).status).toBe(409);
    expect(
      (await w.api("POST", `/api/superadmin/student-verifications/${id}/reject`, { reason: "Changed my mind" }, bearer(admin))).status,
    ).toBe(409);
    expect((await auditOf(id)).results).toHaveLength(1);
    expect((await w.api("POST", "/api/superadmin/student-verifications/sv_nobody/approve", {}, bearer(admin))).status).toBe(404);

    const mine = await w.api("GET", "/api/student-verification", undefined, bearer(traveller));
    expect(mine.body.verification).toMatchObject({ status: "verified", verifiedUntil: daysFromNow(200), canSubmit: false });
  });

  it("rejecting needs a reason, emails it, deletes the document, and lets the traveller send a new one", async () => {
    const traveller = await newCustomer(w, "reject");
    expect((await submit(traveller, goodFields())).status).toBe(201);
    const id = await pendingIdOf(traveller.user.id);
    const short = await w.api("POST", `/api/superadmin/student-verifications/${id}/reject`, { reason: "no" }, bearer(admin));
    expect(short.status).toBe(422);

    // The panel's own form, as a page without scripts would post it through the running app.
    const answered = await sendPageAction(
      w,
      "/superadmin-panel/students",
      { intent: "reject", id, reason: "The card's expiry date cannot be read" },
      { cookie: admin.cookie },
    );
    expect(answered.answer).toMatchObject({ ok: true });
    const email = await waitForEmail(w, traveller.user.email, (m) => m.subject === "About your student verification");
    expect(email.text).toContain("Reason: The card's expiry date cannot be read");
    await followUpsDone(w);
    expect((await storedDocuments()).filter((k) => k.startsWith(`student-ids/${traveller.user.id}/`))).toEqual([]);
    const audit = (await auditOf(id)).results;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "student.reject", reason: "The card's expiry date cannot be read" });

    const mine = await w.api("GET", "/api/student-verification", undefined, bearer(traveller));
    expect(mine.body.verification).toMatchObject({ status: "rejected", reason: "The card's expiry date cannot be read", canSubmit: true });
    expect((await submit(traveller, goodFields())).status).toBe(201);
  });
});

/** The price the server must answer for the default request on a package, with or without the student discount. */
function expectedPrice(unitPrice: number, durationDays: number, studentDiscountPercent: number) {
  return priceBooking({
    unitPrice,
    adults: 2,
    children: 1,
    durationDays,
    roomType: "deluxe",
    transportType: "suv",
    studentDiscountPercent,
  });
}

const book = (who: Session, packageId: string, startInDays = 30, headers: Record<string, string> = {}) =>
  w.api("POST", "/api/bookings", bookingRequest({ packageId, travelDates: { startDate: daysFromNow(startInDays) } }), {
    ...bearer(who),
    "idempotency-key": idemKey(),
    ...headers,
  });

describe("the student discount", () => {
  it("applies only for a verified student on a package whose seller opted in, as its own line", async () => {
    // Meera is a seeded verified student; Jaipur is opted in, Goa is not; Asha is not a student.
    const jaipur = await book(meera, "p_jaipur");
    expect(jaipur.status).toBe(201);
    const withStudent = expectedPrice(12_499_00, 4, 5);
    expect(withStudent.studentDiscount).toBeGreaterThan(0);
    expect(jaipur.body.data.pricing).toEqual(withStudent);
    expect(jaipur.body.data.pricing.total).toBeLessThan(expectedPrice(12_499_00, 4, 0).total);

    const goa = await book(meera, "p_goa");
    expect(goa.status).toBe(201);
    expect(goa.body.data.pricing).toEqual(expectedPrice(15_999_00, 5, 0));
    expect(goa.body.data.pricing).not.toHaveProperty("studentDiscount");

    const ashaJaipur = await book(asha, "p_jaipur");
    expect(ashaJaipur.body.data.pricing).toEqual(expectedPrice(12_499_00, 4, 0));

    // The cart prices it the same way, and the booking page shows the line.
    const added = await w.api("POST", "/api/cart", bookingRequest({ packageId: "p_jaipur" }), bearer(meera));
    expect(added.status).toBe(201);
    const cart = await w.api("GET", "/api/cart", undefined, bearer(meera));
    const line = cart.body.data.items.find((i: { packageId: string }) => i.packageId === "p_jaipur");
    expect(line.pricing).toEqual(withStudent);
    const page = await w.request(`/booking/${jaipur.body.data.bookingId}`, { headers: { cookie: meera.cookie } });
    const html = await page.text();
    expect(html).toContain("Student discount");
  });

  it("counts a confirmed booking's student discount in the traveller's Total Savings, as the booking stored it", async () => {
    const jaipur = await book(meera, "p_jaipur", 60);
    expect(jaipur.status).toBe(201);
    const priced = jaipur.body.data.pricing;
    expect(priced.studentDiscount).toBeGreaterThan(0);
    const savings = async () => (await w.api("GET", "/api/bookings", undefined, bearer(meera))).body.stats.totalSavings as number;
    const before = await savings();
    // The seed's paid Goa and Jaipur trips (bk_m1, bk_m2), booked before she was verified: the platform's discount only.
    expect(before).toBe((await one<{ n: number }>("SELECT sum(discount) AS n FROM bookings WHERE id IN ('bk_m1', 'bk_m2')"))?.n);
    const approved = await w.api(
      "PUT",
      `/api/bookings/seller/bookings/${jaipur.body.data._id}/approve`,
      { message: "Booking approved by seller" },
      bearer(seller),
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await savings()).toBe(before + priced.discount + priced.studentDiscount);
    // The dashboard's tile says what it sums, with no one percentage.
    const page = await (await w.request("/user-dashboard", { headers: { cookie: meera.cookie } })).text();
    expect(page).toContain("The discounts on your confirmed bookings, student discounts included");
  });

  it("a seller opts a package in with the package form's field (default off)", async () => {
    const created = await w.api(
      "POST",
      "/api/seller-admin/packages",
      { name: "Hampi Ruins", city: "Hampi", durationDays: 3, priceRanges: [{ label: "Per person", price: 9_999_00 }] },
      bearer(seller),
    );
    expect(created.status).toBe(201);
    const pkg = created.body.package;
    expect(pkg.studentDiscount).toBe(false);
    const body = {
      name: "Hampi Ruins",
      city: "Hampi",
      durationDays: 3,
      priceRanges: [{ label: "Per person", price: 9_999_00 }],
      studentDiscount: true,
    };
    const updated = await w.api("PUT", `/api/seller-admin/packages/${pkg.id}`, body, bearer(seller));
    expect(updated.status).toBe(200);
    expect(updated.body.package.studentDiscount).toBe(true);
    expect(await one("SELECT student_discount FROM packages WHERE id = ?", pkg.id)).toEqual({ student_discount: 1 });
  });

  it("ends at the course's end (an injected clock): the status reads expired, new prices drop it, the booking keeps it", async () => {
    const traveller = await newCustomer(w, "expiry");
    expect((await submit(traveller, goodFields({ courseEndDate: daysFromNow(40) }))).status).toBe(201);
    const id = await pendingIdOf(traveller.user.id);
    expect((await w.api("POST", `/api/superadmin/student-verifications/${id}/approve`, {}, bearer(admin))).status).toBe(200);
    const before = await book(traveller, "p_jaipur", 60);
    expect(before.body.data.pricing).toEqual(expectedPrice(12_499_00, 4, 5));

    const later = { [CLOCK_HEADER]: String(Date.now() + 41 * 86_400_000) };
    const status = await w.api("GET", "/api/student-verification", undefined, { ...bearer(traveller), ...later });
    expect(status.body.verification).toMatchObject({ status: "expired", verifiedUntil: daysFromNow(40), canSubmit: true });
    const after = await book(traveller, "p_jaipur", 60, later);
    expect(after.status).toBe(201);
    expect(after.body.data.pricing).toEqual(expectedPrice(12_499_00, 4, 0));
    const kept = await w.api("GET", `/api/bookings/${before.body.data.bookingId}`, undefined, { ...bearer(traveller), ...later });
    expect(kept.body.data.pricing).toEqual(expectedPrice(12_499_00, 4, 5));
  });

  it("ends 12 months after approval when the course runs longer", async () => {
    const traveller = await newCustomer(w, "year");
    expect((await submit(traveller, goodFields({ courseEndDate: daysFromNow(3 * 365) }))).status).toBe(201);
    const id = await pendingIdOf(traveller.user.id);
    const approved = await w.api("POST", `/api/superadmin/student-verifications/${id}/approve`, {}, bearer(admin));
    const inAYear = new Date();
    inAYear.setUTCFullYear(inAYear.getUTCFullYear() + 1);
    expect(Math.abs(Date.parse(approved.body.verification.expiresAt) - inAYear.getTime())).toBeLessThan(60_000);
  });
});
