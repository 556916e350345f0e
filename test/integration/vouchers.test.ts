import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDate, formatRupees } from "../../worker/shared/format";
import { ASHA, SELLER_A, SELLER_B } from "../support/bookings";
import { sendPageAction } from "../support/page-action";
import { loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

// Issue 26's voucher (ADR 0046): the PDF's own text is read back (pdf.js, as a PDF reader extracts it), so "₹" here is
// a glyph of the embedded font mapped to U+20B9 by its ToUnicode table, not bytes that merely look right.

let w: TestWorker;
let asha: string;
let ravi: string;
let sellerA: string;
let sellerB: string;
let confirmed: { ref: string; startDate: string };
let pending: string;
let total: number;

const SITE = "/seller/wanderlust-journeys/website";
const OTHER_SITE = "/seller/himalayan-trails/website";

const STANDARD_FONTS = `${dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;

/** The text of every page of a PDF as a reader extracts it: a line's pieces joined, a new line where one ends. */
async function pdfText(bytes: ArrayBuffer) {
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    for (const item of content.items) if ("str" in item) parts.push(item.str + (item.hasEOL ? "\n" : ""));
  }
  await doc.destroy();
  return parts.join("");
}

const get = (path: string, cookie?: string) => w.request(path, { headers: cookie ? { cookie } : {}, redirect: "manual" });

beforeAll(async () => {
  w = await startWorker();
  await w.d1
    .prepare(
      "INSERT INTO users (id, name, email, phone, password_hash, role, is_verified) SELECT 'u_ravi', 'Ravi Kumar', 'ravi@example.com', NULL, password_hash, 'user', 1 FROM users WHERE id = 'u_asha'",
    )
    .run();
  [asha, ravi, sellerA, sellerB] = (await Promise.all([ASHA, "ravi@example.com", SELLER_A, SELLER_B].map((e) => loginViaApi(w, e)))).map(
    (s) => s.cookie,
  );
  confirmed = { ref: w.seed.bookings.bk_w4.ref, startDate: w.seed.bookings.bk_w4.startDate };
  pending = w.seed.bookings.bk_w1.ref;
  total = (await w.d1.prepare("SELECT total FROM bookings WHERE id = 'bk_w4'").first<{ total: number }>())!.total;
});
afterAll(() => w?.dispose());

describe("the traveller's voucher", () => {
  it("is a PDF whose text holds the booking number, ₹ amounts, the travel date and the verify address", async () => {
    const res = await get(`/booking/${confirmed.ref}/voucher.pdf`, asha);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="voucher-${confirmed.ref}.pdf"`);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const text = await pdfText(await res.arrayBuffer());
    expect(text).toContain(confirmed.ref);
    expect(text).toContain(formatRupees(total));
    expect(text).toMatch(/₹\d/);
    expect(text).toContain(`Travel date: ${formatDate(confirmed.startDate)}`);
    expect(text).toContain("Munnar");
    // The seeded seller's design: their header and emergency phone.
    expect(text).toContain("Your trip, looked after from start to finish");
    expect(text).toContain("Emergency contact: +91 98200 11223");
    expect(text).toMatch(new RegExp(`http://\\S+/verify/${confirmed.ref}\\?t=[A-Za-z0-9_-]{22}\\n`));
  });

  it("prints the booking's own departure, hotel and meal plan, add-ons and its package's itinerary (issue 26)", async () => {
    // What the catalogue and departures leave on a booking (ADR 0044, 0045), written as they would be.
    const { packageId, startDate } = (await w.d1
      .prepare("SELECT package_id AS packageId, start_date AS startDate FROM bookings WHERE id = 'bk_w4'")
      .first<{ packageId: string; startDate: string }>())!;
    const choices = {
      hotel: {
        id: "h_t",
        name: "Tea Valley Resort",
        city: "Munnar",
        stars: 4,
        roomTypeId: "rt_t",
        roomType: "Garden deluxe",
        occupancy: 2,
        pricePerNight: 350000,
        rooms: 1,
        nights: 3,
      },
      mealPlan: { code: "MAP", label: "Breakfast and one meal", supplement: 60000 },
      addons: [{ id: "ad_t", name: "Kathakali evening", unit: "person", price: 80000, quantity: 2, amount: 160000 }],
    };
    const itinerary = [{ day: 1, title: "Tea country welcome", details: "Drive up the ghats.", overnight: "Munnar", meals: "Dinner" }];
    await w.d1.batch([
      w.d1.prepare("UPDATE bookings SET choices = ? WHERE id = 'bk_w4'").bind(JSON.stringify(choices)),
      w.d1.prepare("UPDATE packages SET itinerary = ? WHERE id = ?").bind(JSON.stringify(itinerary), packageId),
      w.d1
        .prepare(
          "INSERT INTO departures (id, seller_id, package_id, start_date, capacity, sold) VALUES ('dep_voucher', 's_wanderlust', ?, ?, 10, 2)",
        )
        .bind(packageId, startDate),
    ]);
    const res = await get(`/booking/${confirmed.ref}/voucher.pdf`, asha);
    expect(res.status).toBe(200);
    const text = await pdfText(await res.arrayBuffer());
    expect(text).toContain("Fixed departure");
    expect(text).toContain("Tea Valley Resort, Munnar");
    expect(text).toContain("Garden deluxe");
    expect(text).toContain("MAP (Breakfast and one meal)");
    expect(text).toContain("Tea country welcome");
    expect(text).toContain("Kathakali evening × 2");
    expect(text).toContain(formatRupees(160000));
  });

  it("downloads on the seller's own site too, but not on another seller's site", async () => {
    const res = await get(`${SITE}/booking/${confirmed.ref}/voucher.pdf`, asha);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(await pdfText(await res.arrayBuffer())).toContain(confirmed.ref);
    const elsewhere = await get(`${OTHER_SITE}/booking/${confirmed.ref}/voucher.pdf`, asha);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.headers.get("content-type")).not.toBe("application/pdf");
    const guest = await get(`${SITE}/booking/${confirmed.ref}/voucher.pdf`);
    expect(guest.status).toBe(401);
  });

  it("is refused to another traveller (403), a seller on the traveller's address (403) and a guest (to the login)", async () => {
    const other = await get(`/booking/${confirmed.ref}/voucher.pdf`, ravi);
    expect(other.status).toBe(403);
    expect(await other.text()).toBe("You do not have permission to view this booking");
    expect((await get(`/booking/${confirmed.ref}/voucher.pdf`, sellerA)).status).toBe(403);
    const guest = await get(`/booking/${confirmed.ref}/voucher.pdf`);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toMatch(/^\/login\?redirect=/);
    expect((await get("/booking/TB-2020-999999/voucher.pdf", asha)).status).toBe(404);
  });

  it("is not ready before the travel agent confirms (409 with the reason)", async () => {
    const res = await get(`/booking/${pending}/voucher.pdf`, asha);
    expect(res.status).toBe(409);
    expect(await res.text()).toBe("The voucher is ready once the travel agent confirms your booking");
  });

  it("is linked from the confirmed booking's page only", async () => {
    expect(await (await get(`/booking/${confirmed.ref}`, asha)).text()).toContain(`/booking/${confirmed.ref}/voucher.pdf`);
    expect(await (await get(`/booking/${pending}`, asha)).text()).not.toContain("voucher.pdf");
  });
});

describe("the seller's voucher download", () => {
  it("gives the seller any of their own bookings' vouchers, a pending one included", async () => {
    for (const ref of [confirmed.ref, pending]) {
      const res = await get(`/seller-dashboard/orders/${ref}/voucher.pdf`, sellerA);
      expect(res.status).toBe(200);
      expect(await pdfText(await res.arrayBuffer())).toContain(ref);
    }
    expect(await (await get(`/seller-dashboard/orders/${pending}`, sellerA)).text()).toContain(
      `/seller-dashboard/orders/${pending}/voucher.pdf`,
    );
  });

  it("refuses another seller (403) and a traveller (403)", async () => {
    const other = await get(`/seller-dashboard/orders/${confirmed.ref}/voucher.pdf`, sellerB);
    expect(other.status).toBe(403);
    expect(other.headers.get("content-type")).toContain("text/plain");
    expect((await get(`/seller-dashboard/orders/${confirmed.ref}/voucher.pdf`, asha)).status).toBe(403);
  });
});

describe("the verify page", () => {
  async function verifyUrl() {
    const text = await pdfText(await (await get(`/booking/${confirmed.ref}/voucher.pdf`, asha)).arrayBuffer());
    return new URL(/http:\/\/\S+\/verify\/\S+/.exec(text)![0]);
  }

  it("shows the live status, the trip and the lead traveller's initials, nothing personal beyond them", async () => {
    const url = await verifyUrl();
    const res = await get(`${url.pathname}${url.search}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = await res.text();
    expect(html).toContain("Confirmed");
    expect(html).toContain(confirmed.ref);
    expect(html).toContain("A.V.");
    for (const personal of ["Asha", "Verma", ASHA, "98111", "Rohan", formatRupees(total)]) expect(html).not.toContain(personal);
  });

  it("follows the booking's status as it is now", async () => {
    const url = await verifyUrl();
    await w.d1.prepare("UPDATE bookings SET status = 'cancelled' WHERE id = 'bk_w4'").run();
    try {
      expect(await (await get(`${url.pathname}${url.search}`)).text()).toContain("Cancelled");
    } finally {
      await w.d1.prepare("UPDATE bookings SET status = 'confirmed' WHERE id = 'bk_w4'").run();
    }
  });

  it("answers the same 404 to a wrong token, no token and another booking's number with this token", async () => {
    const url = await verifyUrl();
    const token = url.searchParams.get("t")!;
    const flipped = `${token[0] === "A" ? "B" : "A"}${token.slice(1)}`;
    for (const path of [
      `/verify/${confirmed.ref}?t=${flipped}`,
      `/verify/${confirmed.ref}`,
      `/verify/${pending}?t=${token}`,
      `/verify/not-a-ref?t=${token}`,
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html).toContain("We could not verify this voucher");
      expect(html).not.toContain("A.V.");
    }
  });
});

describe("the pdf-template page", () => {
  const form = (fields: Record<string, string | string[]>) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
    return body;
  };
  const good = {
    intent: "save",
    logo: "",
    primaryColor: "#123456",
    accentColor: "#654321",
    headerText: "Seller B's header (BT /F1 9 Tf) Tj ET",
    footerText: "Thank you for travelling with us",
    emergencyPhone: "+91 90000 12345",
    sections: ["travellers", "policy"],
  };

  it("refuses a bad colour, over-long texts and an unknown section, and stores nothing", async () => {
    const cases: [Record<string, string | string[]>, string][] = [
      [{ primaryColor: "red" }, "Colours must look like #RRGGBB"],
      [{ accentColor: "#12345" }, "Colours must look like #RRGGBB"],
      [{ headerText: "x".repeat(121) }, "Header text is at most 120 characters"],
      [{ footerText: "x".repeat(301) }, "Footer text is at most 300 characters"],
      [{ emergencyPhone: "call me<script>" }, "Emergency phone may hold digits, spaces, brackets, dashes and a leading +"],
      [{ sections: ["travellers", "secrets"] }, "Unknown voucher section"],
      [{ logo: "https://tracker.example/pixel.png" }, "Upload an image, or use one of ours (a /media/ or /images/ path)"],
    ];
    for (const [fields, message] of cases) {
      const res = await sendPageAction(w, "/seller-dashboard/pdf-template", form({ ...good, ...fields }), { cookie: sellerB });
      expect(res.status, message).toBe(422);
      expect(res.answer?.message).toBe(message);
    }
    const rows = await w.d1.prepare("SELECT count(*) AS n FROM voucher_templates WHERE seller_id = 's_himalayan'").first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it("saves the seller's own design, which the preview prints as plain text, and no other seller sees it", async () => {
    const saved = await sendPageAction(w, "/seller-dashboard/pdf-template", form(good), { cookie: sellerB });
    expect(saved.status).toBe(200);
    expect(saved.answer).toMatchObject({ ok: true, message: "Voucher template saved" });
    const preview = await get("/seller-dashboard/pdf-template/preview.pdf", sellerB);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(await preview.arrayBuffer());
    expect(text).toContain("Seller B's header (BT /F1 9 Tf) Tj ET");
    expect(text).toContain("Emergency contact: +91 90000 12345");
    expect(text).toContain("Cancellation policy");
    // Sections left unticked are left out.
    expect(text).not.toContain("Day by day");
    const page = await (await get("/seller-dashboard/pdf-template", sellerB)).text();
    expect(page).toContain("#123456");
    const other = await pdfText(await (await get("/seller-dashboard/pdf-template/preview.pdf", sellerA)).arrayBuffer());
    expect(other).not.toContain("Seller B's header");
    expect(other).toContain("Day by day");
  });

  it("is the seller's alone: a traveller gets 403, a guest the login", async () => {
    expect((await get("/seller-dashboard/pdf-template/preview.pdf", asha)).status).toBe(403);
    expect((await get("/seller-dashboard/pdf-template/preview.pdf")).status).toBe(302);
    const post = await sendPageAction(w, "/seller-dashboard/pdf-template", form(good), { cookie: asha });
    expect(post.status).toBe(403);
  });
});
