import { createRequire } from "node:module";
import { dirname } from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daysFromNow } from "../support/bookings";
import { followUpState, followUpsDone } from "../support/follow-ups";
import { sendPageAction } from "../support/page-action";
import { payAndConfirm, startCheckout } from "../support/payments";
import { newCustomer } from "../support/security-fixtures";
import { type Session, bearer } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

/**
 * After payment (issue 27): a flight and a Goa stay the platform sold show on booking-success and in the traveller's
 * dashboard beside packages, each with its own page, PDF (e-ticket, hotel voucher) and cancellation by its fare
 * rules, whose refund the FOLLOW_UPS queue makes. Another traveller is answered 404 everywhere.
 */

let w: TestWorker;
let owner: Session;
let other: Session;
let paymentId: string;
let flight: { id: string; ref: string; amount: number };
let stay: { id: string; ref: string; amount: number };
let flightNumber: string;
let hotelName: string;

const cookieOf = (s: Session) => `tb_session=${encodeURIComponent(s.token)}`;
const get = (path: string, s?: Session) => w.request(path, { headers: s ? { cookie: cookieOf(s) } : {}, redirect: "manual" });
const page = async (path: string, s: Session = owner) => {
  const res = await get(path, s);
  const html = (await res.text()).replace(/<!-- -->/g, "");
  return { status: res.status, calls: res.headers.get("x-tb-d1-calls"), html, location: res.headers.get("location") };
};

const STANDARD_FONTS = `${dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;
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

/** ₹ in en-IN, with paise only when there are some (as the pages print it). */
const rupees = (paise: number) =>
  new Intl.NumberFormat("en-IN", {
    style: "currency",
    currency: "INR",
    minimumFractionDigits: paise % 100 ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(paise / 100);

beforeAll(async () => {
  w = await startWorker();
  [owner, other] = await Promise.all([newCustomer(w, "trips"), newCustomer(w, "trips-snoop")]);
  const flights = await w.api("POST", "/api/flights/search", {
    origin: "DEL",
    destination: "BOM",
    departureDate: daysFromNow(42),
    passengers: { adults: 2, children: 0, infants: 0 },
  });
  const offer = flights.body.data.offers[0];
  flightNumber = offer.slices[0].segments[0].flightNumber;
  const added = await sendPageAction(
    w,
    "/cart",
    {
      intent: "add-offer",
      offerId: offer.id,
      "travellers[0].title": "Mr",
      "travellers[0].name": "Ravi Kumar",
      "travellers[0].age": "34",
      "travellers[1].title": "Mrs",
      "travellers[1].name": "Meena Kumar",
      "travellers[1].age": "31",
    },
    { cookie: cookieOf(owner) },
  );
  expect(added.redirect, added.text).toBe("/cart");
  // Goa for two nights, two adults and a child of 6; a rate with free cancellation, so cancelling refunds it all.
  const rates = await w.api("POST", "/api/hotels/rates", {
    city: "Goa",
    checkIn: daysFromNow(30),
    checkOut: daysFromNow(32),
    rooms: [{ adults: 2, childAges: [6] }],
  });
  const hotel = rates.body.hotels.find((h: { rates: { refundable: boolean }[] }) => h.rates.some((r) => r.refundable));
  hotelName = hotel.name;
  const rate = hotel.rates.find((r: { refundable: boolean }) => r.refundable);
  const addedStay = await sendPageAction(
    w,
    "/cart",
    { intent: "add-offer", offerId: rate.offerId, "travellers[0].title": "Mrs", "travellers[0].name": "Meena Kumar" },
    { cookie: cookieOf(owner) },
  );
  expect(addedStay.redirect, addedStay.text).toBe("/cart");
  const session = await startCheckout(w, bearer(owner));
  paymentId = session.paymentId;
  await payAndConfirm(w, bearer(owner), paymentId);
  const rows = await w.d1
    .prepare("SELECT id, booking_ref AS ref, amount, kind FROM travel_bookings WHERE payment_id = ?")
    .bind(paymentId)
    .all<{ id: string; ref: string; amount: number; kind: string }>();
  const of = (kind: string) => {
    const row = rows.results.find((r) => r.kind === kind);
    if (!row) throw new Error(`no ${kind} booked`);
    return { id: row.id, ref: row.ref, amount: row.amount };
  };
  flight = of("flight");
  stay = of("hotel");
});
afterAll(() => w?.dispose());

describe("after paying for a flight and a stay", () => {
  it("booking-success lists each item paid, with its booking number and a link to its page", async () => {
    const res = await page(`/booking-success?payment=${paymentId}`);
    expect(res.status).toBe(200);
    expect(res.html).toContain(flightNumber);
    expect(res.html).toContain(hotelName);
    for (const b of [flight, stay]) {
      expect(res.html).toContain(b.ref);
      expect(res.html).toContain(`href="/user-dashboard/trips/${b.ref}"`);
    }
  });

  it("shows both in My bookings and Upcoming trips, each page in one D1 round trip, and neither under Completed trips", async () => {
    for (const path of ["/user-dashboard/bookings", "/user-dashboard/upcoming-trips"]) {
      const res = await page(path);
      expect(res.status).toBe(200);
      expect(res.calls, path).toBe("1");
      expect(res.html).toContain(`data-travel-booking="${flight.ref}"`);
      expect(res.html).toContain(`data-travel-booking="${stay.ref}"`);
      expect(res.html).toContain(rupees(flight.amount));
      expect(res.html).toContain("2 adults");
      expect(res.html).toContain("1 child (age 6)");
    }
    const done = await page("/user-dashboard/completed-trips");
    expect(done.calls).toBe("1");
    expect(done.html).not.toContain(`data-travel-booking="${flight.ref}"`);
    expect(done.html).toContain("No completed flights, stays or bus trips yet");
    // Another traveller's dashboard has none of them.
    const theirs = await page("/user-dashboard/bookings", other);
    expect(theirs.html).not.toContain(flight.ref);
    expect(theirs.html).toContain("No flights, stays or bus trips booked yet");
  });

  it("gives each booking a page with its itinerary, travellers, fare rules, PDF and Cancel; nobody else can read it", async () => {
    const res = await page(`/user-dashboard/trips/${flight.ref}`);
    expect(res.status).toBe(200);
    expect(res.calls).toBe("1");
    expect(res.html).toContain(flightNumber);
    expect(res.html).toContain("Mr Ravi Kumar");
    expect(res.html).toContain("Mrs Meena Kumar");
    expect(res.html).toContain("Fare rules");
    expect(res.html).toContain(`href="/user-dashboard/trips/${flight.ref}/ticket.pdf"`);
    expect(res.html).toContain("Download e-ticket (PDF)");
    expect(res.html).toMatch(/name="intent" value="cancel-trip"/);
    const hotelPage = await page(`/user-dashboard/trips/${stay.ref}`);
    expect(hotelPage.html).toContain(hotelName);
    expect(hotelPage.html).toContain("Free cancellation until");
    expect(hotelPage.html).toContain("Download hotel voucher (PDF)");
    // By its id too, for links that carry it; another traveller and a made-up number get the same 404.
    expect((await page(`/user-dashboard/trips/${flight.id}`)).status).toBe(200);
    const snoop = await page(`/user-dashboard/trips/${flight.ref}`, other);
    expect(snoop.status).toBe(404);
    expect(snoop.html).not.toContain("Ravi Kumar");
    expect((await page("/user-dashboard/trips/TB-2020-999999")).status).toBe(404);
    const guest = await get(`/user-dashboard/trips/${flight.ref}`);
    expect(guest.headers.get("location")).toBe(`/login?redirect=${encodeURIComponent(`/user-dashboard/trips/${flight.ref}`)}`);
  });

  it("serves an e-ticket and a hotel voucher as PDFs with the booking number and the travellers' names, to the traveller only", async () => {
    const res = await get(`/user-dashboard/trips/${flight.ref}/ticket.pdf`, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="e-ticket-${flight.ref}.pdf"`);
    const bytes = await res.arrayBuffer();
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const text = await pdfText(bytes);
    expect(text).toContain("E-TICKET");
    expect(text).toContain(flight.ref);
    expect(text).toContain("Mr Ravi Kumar");
    expect(text).toContain("Mrs Meena Kumar");
    expect(text).toContain(flightNumber);
    const voucher = await get(`/user-dashboard/trips/${stay.ref}/ticket.pdf`, owner);
    expect(voucher.headers.get("content-disposition")).toBe(`attachment; filename="hotel-voucher-${stay.ref}.pdf"`);
    const stayText = await pdfText(await voucher.arrayBuffer());
    expect(stayText).toContain("HOTEL VOUCHER");
    expect(stayText).toContain(stay.ref);
    expect(stayText).toContain(hotelName);
    const snoop = await get(`/user-dashboard/trips/${flight.ref}/ticket.pdf`, other);
    expect(snoop.status).toBe(404);
    expect(snoop.headers.get("content-type")).not.toBe("application/pdf");
    const guest = await get(`/user-dashboard/trips/${flight.ref}/ticket.pdf`);
    expect([302, 303]).toContain(guest.status);
  });

  it("cancels by the fare rules from the page: another traveller is refused, the queue makes the refund and emails the traveller", async () => {
    const foreign = await sendPageAction(w, `/user-dashboard/trips/${stay.ref}`, { intent: "cancel-trip" }, { cookie: cookieOf(other) });
    expect(foreign.answer?.ok).toBe(false);
    expect(foreign.answer?.message).toBe("Booking not found");
    const bad = await sendPageAction(w, `/user-dashboard/trips/${stay.ref}`, { intent: "nonsense" }, { cookie: cookieOf(owner) });
    expect(bad.status).toBe(422);
    expect(bad.answer?.ok).toBe(false);
    const untouched = await w.d1.prepare("SELECT status FROM travel_bookings WHERE id = ?").bind(stay.id).first();
    expect(untouched).toEqual({ status: "confirmed" });

    const done = await sendPageAction(w, `/user-dashboard/trips/${stay.ref}`, { intent: "cancel-trip" }, { cookie: cookieOf(owner) });
    expect(done.answer?.ok, done.text).toBe(true);
    expect(done.answer?.message).toContain(`Booking cancelled. ${rupees(stay.amount)}`);
    await followUpsDone(w, stay.id);
    const refund = await w.d1.prepare("SELECT amount, status FROM refunds WHERE booking_id = ?").bind(stay.id).first();
    expect(refund).toEqual({ amount: stay.amount, status: "processed" });
    const email = await followUpState(w, `fu_cancel_customer_${stay.id}`);
    expect(email).toMatchObject({ status: "sent", to: owner.user.email.toLowerCase(), subject: `Booking cancelled: ${stay.ref}` });

    const after = await page(`/user-dashboard/trips/${stay.ref}`);
    expect(after.html).toContain("Cancelled");
    expect(after.html).toContain(`Refund: ${rupees(stay.amount)} · Refunded`);
    expect(after.html).not.toMatch(/name="intent" value="cancel-trip"/);
    const again = await sendPageAction(w, `/user-dashboard/trips/${stay.ref}`, { intent: "cancel-trip" }, { cookie: cookieOf(owner) });
    expect(again.answer).toMatchObject({ ok: false, message: "This booking is already cancelled" });
    const upcoming = await page("/user-dashboard/upcoming-trips");
    expect(upcoming.html).not.toContain(`data-travel-booking="${stay.ref}"`);
    expect(upcoming.html).toContain(`data-travel-booking="${flight.ref}"`);
  });
});
