import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daysFromNow } from "../support/bookings";
import { sendPageAction } from "../support/page-action";
import { payAndConfirm } from "../support/payments";
import { newCustomer } from "../support/security-fixtures";
import { type Session, bearer } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

/**
 * The flight booking page's action (issue 27): Add to cart and Pay now with the passengers and contact checked field
 * by field against the fare, a tampered offer and a moved fare refused with nothing written; and a bus trip's boarding
 * and dropping points, carried from the seat form through the cart to the booking, refused when not the trip's own.
 */

let w: TestWorker;
beforeAll(async () => {
  w = await startWorker();
});
afterAll(() => w?.dispose());

const cookieOf = (s: Session) => `tb_session=${encodeURIComponent(s.token)}`;
type Offer = { id: string; fare: { total: number }; slices: { segments: { flightNumber: string }[] }[] };

async function flightOffer(body: Record<string, unknown> = {}) {
  const res = await w.api("POST", "/api/flights/search", {
    origin: "DEL",
    destination: "BOM",
    departureDate: daysFromNow(40),
    passengers: { adults: 2, children: 0, infants: 0 },
    filters: { stops: [0] },
    ...body,
  });
  expect(res.status).toBe(200);
  return res.body.data.offers[0] as Offer;
}

const twoAdults = {
  "travellers[0].title": "Mr",
  "travellers[0].name": "Ravi Kumar",
  "travellers[0].age": "34",
  "travellers[1].title": "Mrs",
  "travellers[1].name": "Meena Kumar",
  "travellers[1].age": "31",
  "contact.email": "ravi@example.com",
  "contact.phone": "+91 98450 12345",
};

const book = (customer: Session | null, offer: Offer, fields: Record<string, string> = {}, intent = "pay") =>
  sendPageAction(
    w,
    `/flight-booking?offer=${encodeURIComponent(offer.id)}`,
    { intent, offerId: offer.id, seenTotal: String(offer.fare.total), ...twoAdults, ...fields },
    customer ? { cookie: cookieOf(customer) } : {},
  );

async function written(customer: Session) {
  const count = async (table: string) =>
    (await w.d1.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`).bind(customer.user.id).first<{ n: number }>())?.n;
  return { cart: await count("cart_items"), payments: await count("payments") };
}

type Answer = {
  ok: boolean;
  message: string;
  checkout?: { paymentId: string; amount: number; items: { packageName: string }[] };
  fieldErrors?: Record<string, string>;
  fare?: { total: number; previousTotal: number };
};

describe("the flight booking page's action", () => {
  it("Pay now adds the flight and starts a checkout of that flight alone, which books it with the passengers and contact", async () => {
    const customer = await newCustomer(w, "paynow");
    // Something already in the cart stays there: Pay now pays only the flight it adds.
    const other = await flightOffer({ origin: "BLR", destination: "DEL", filters: {} });
    const earlier = await book(customer, other, {}, "cart");
    expect(earlier.redirect, earlier.text).toBe("/cart");

    const offer = await flightOffer();
    const res = await book(customer, offer);
    const answer = res.answer as Answer;
    expect(answer.ok, res.text).toBe(true);
    expect(answer.checkout?.amount).toBe(offer.fare.total);
    expect(answer.checkout?.items).toHaveLength(1);
    expect(answer.checkout?.items[0].packageName).toContain(offer.slices[0].segments[0].flightNumber);
    expect(await written(customer)).toEqual({ cart: 2, payments: 1 });

    await payAndConfirm(w, bearer(customer), answer.checkout?.paymentId ?? "");
    const booking = await w.d1
      .prepare("SELECT kind, amount, choice FROM travel_bookings WHERE payment_id = ?")
      .bind(answer.checkout?.paymentId)
      .first<{ kind: string; amount: number; choice: string }>();
    expect(booking).toMatchObject({ kind: "flight", amount: offer.fare.total });
    const choice = JSON.parse(booking?.choice ?? "{}");
    expect(choice.contact).toEqual({ email: "ravi@example.com", phone: "+91 98450 12345" });
    expect(choice.travellers.map((t: { name: string }) => t.name)).toEqual(["Ravi Kumar", "Meena Kumar"]);
    // The paid line left the cart; the earlier one is still there.
    expect((await written(customer)).cart).toBe(1);
  });

  it("renders the re-priced fare with one passenger form per fare passenger and the account's contact filled in", async () => {
    const customer = await newCustomer(w, "page");
    await w.d1.prepare("UPDATE users SET phone = ? WHERE id = ?").bind("+91 99000 11122", customer.user.id).run();
    const offer = await flightOffer({ passengers: { adults: 1, children: 1, infants: 1 } });
    const res = await w.request(`/flight-booking?offer=${encodeURIComponent(offer.id)}`, { headers: { cookie: cookieOf(customer) } });
    expect(res.status).toBe(200);
    const html = (await res.text()).replaceAll("&#x27;", "'");
    expect(html).toContain("Passenger 2: Child (2–11)");
    expect(html).toContain("Passenger 3: Infant (under 2)");
    expect(html.match(/name="travellers\[\d\]\.birthDate"/g)).toHaveLength(2);
    expect(html).toContain(`value="${customer.user.email}"`);
    expect(html).toContain('value="+91 99000 11122"');
    expect(html).toContain(`name="seenTotal" value="${offer.fare.total}"`);
    expect(html).toContain(">Add to cart<");
  });

  it("answers each bad field with its own 422 message and writes nothing", async () => {
    const customer = await newCustomer(w, "badfields");
    const offer = await flightOffer();
    const res = await book(customer, offer, {
      "travellers[0].title": "Sir",
      "travellers[1].name": "Meena",
      "travellers[1].age": "9",
      "contact.email": "not-an-email",
      "contact.phone": "12",
    });
    expect(res.status).toBe(422);
    const answer = res.answer as Answer;
    expect(answer.ok).toBe(false);
    expect(Object.keys(answer.fieldErrors ?? {}).sort()).toEqual(
      ["contact.email", "contact.phone", "travellers[0].title", "travellers[1].age", "travellers[1].name"].sort(),
    );
    expect(answer.fieldErrors?.["travellers[1].age"]).toContain("12 or older");
    expect(await written(customer)).toEqual({ cart: 0, payments: 0 });
  });

  it("asks children and infants for a date of birth that fits the fare on the day of travel", async () => {
    const customer = await newCustomer(w, "family");
    const date = daysFromNow(40);
    const offer = await flightOffer({ passengers: { adults: 1, children: 1, infants: 1 } });
    const yearsBefore = (years: number, days = 0) => {
      const d = new Date(`${date}T00:00:00Z`);
      d.setUTCFullYear(d.getUTCFullYear() - years);
      d.setUTCDate(d.getUTCDate() + days);
      return d.toISOString().slice(0, 10);
    };
    const family = (child: string, infant: string) => ({
      "travellers[0].title": "Mrs",
      "travellers[0].name": "Asha Rao",
      "travellers[0].age": "35",
      "travellers[1].title": "Mstr",
      "travellers[1].name": "Kabir Rao",
      "travellers[1].birthDate": child,
      "travellers[2].title": "Miss",
      "travellers[2].name": "Tara Rao",
      "travellers[2].birthDate": infant,
    });
    // Twelve on the day of travel is no longer a child; an infant born after today cannot fly.
    const wrong = await book(customer, offer, family(yearsBefore(12), daysFromNow(2)));
    expect(wrong.status).toBe(422);
    const errors = (wrong.answer as Answer).fieldErrors ?? {};
    expect(errors["travellers[1].birthDate"]).toContain("a child (2 to 11)");
    expect(errors["travellers[2].birthDate"]).toContain("in the future");
    expect(await written(customer)).toEqual({ cart: 0, payments: 0 });

    // Eleven the day before the flight's birthday still flies as a child; a baby of one as an infant.
    const right = await book(customer, offer, family(yearsBefore(12, 1), yearsBefore(1)), "cart");
    expect(right.redirect, right.text).toBe("/cart");
    const line = await w.d1.prepare("SELECT request FROM cart_items WHERE user_id = ?").bind(customer.user.id).first<{ request: string }>();
    const travellers = JSON.parse(line?.request ?? "{}").travel.choice.travellers as { age: number; birthDate?: string }[];
    expect(travellers.map((t) => t.age)).toEqual([35, 11, 1]);
    expect(travellers[1].birthDate).toBe(yearsBefore(12, 1));
  });

  it("refuses a tampered offer id, a hotel's offer and another kind of intent, writing nothing", async () => {
    const customer = await newCustomer(w, "tampered");
    const offer = await flightOffer();
    const [body, mac] = offer.id.split(".");
    const payload = JSON.parse(Buffer.from(body, "base64url").toString());
    payload.data.total = 100;
    const forged = { ...offer, id: `${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${mac}`, fare: { total: 100 } };
    const refused = await book(customer, forged);
    expect(refused.status).toBe(422);
    expect((refused.answer as Answer).message).toBe("This offer is not valid. Please search again.");

    const stays = await w.api("POST", "/api/hotels/rates", {
      city: "Goa",
      checkIn: daysFromNow(20),
      checkOut: daysFromNow(22),
      rooms: [{ adults: 2, childAges: [] }],
    });
    const hotelOfferId = stays.body.hotels[0].rates[0].offerId as string;
    const hotel = await book(customer, { ...offer, id: hotelOfferId });
    expect(hotel.status).toBe(422);
    expect((await book(customer, offer, {}, "refund")).status).toBe(422);
    expect(await written(customer)).toEqual({ cart: 0, payments: 0 });
  });

  it("shows a fare that moved since the page before any money is taken, and pays the new one when pressed again", async () => {
    const customer = await newCustomer(w, "moved");
    const date = daysFromNow(46);
    const offer = await flightOffer({ departureDate: date });
    const flight = offer.slices[0].segments[0].flightNumber.replace(" ", "-");
    expect((await w.api("POST", "/api/dev/flight-fare", { flightKey: `${flight}:${date}`, fareAdjust: 40_000 })).status).toBe(200);
    const refused = await book(customer, offer);
    expect(refused.status).toBe(409);
    const answer = refused.answer as Answer;
    expect(answer.message).toMatch(/fare changed from ₹[\d,]+ to ₹[\d,]+.*Nothing was charged/);
    expect(answer.fare?.previousTotal).toBe(offer.fare.total);
    expect(answer.fare?.total).toBeGreaterThan(offer.fare.total);
    expect(await written(customer)).toEqual({ cart: 0, payments: 0 });

    const again = await book(customer, { ...offer, fare: { total: answer.fare?.total ?? 0 } });
    expect((again.answer as Answer).checkout?.amount).toBe(answer.fare?.total);
  });

  it("sends a guest to log in and back to the offer, and answers a body that is no form with a 4xx", async () => {
    const offer = await flightOffer();
    const guest = await book(null, offer);
    expect(guest.redirect).toBe(`/login?redirect=${encodeURIComponent(`/flight-booking?offer=${encodeURIComponent(offer.id)}`)}`);
    const customer = await newCustomer(w, "garbage");
    const res = await w.request(`/flight-booking.data?offer=${encodeURIComponent(offer.id)}`, {
      method: "POST",
      headers: { origin: "http://localhost", "content-type": "application/json", cookie: cookieOf(customer) },
      body: "{not json",
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await written(customer)).toEqual({ cart: 0, payments: 0 });
  });

  it("works without scripts: Pay now shows the test provider's form, whose Pay lands on booking-success", async () => {
    const customer = await newCustomer(w, "noscript");
    const offer = await flightOffer();
    const path = `/flight-booking?offer=${encodeURIComponent(offer.id)}`;
    const post = (fields: Record<string, string>) =>
      w.request(path, {
        method: "POST",
        redirect: "manual",
        headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded", cookie: cookieOf(customer) },
        body: new URLSearchParams(fields).toString(),
      });
    const page = await post({ intent: "pay", offerId: offer.id, seenTotal: String(offer.fare.total), ...twoAdults });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Test payment");
    const paymentId = /name="paymentId" value="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(paymentId).toMatch(/^py_/);
    const paid = await post({ intent: "test-pay", paymentId, outcome: "success" });
    expect(paid.status).toBe(302);
    expect(paid.headers.get("location")).toBe(`/booking-success?payment=${paymentId}`);
    const success = await w.request(`/booking-success?payment=${paymentId}`, { headers: { cookie: cookieOf(customer) } });
    expect(await success.text()).toContain(offer.slices[0].segments[0].flightNumber);
  });
});

describe("a bus trip's boarding and dropping points", () => {
  const seatsOf = async (t: { serviceId: string; date: string }) =>
    (await w.api("GET", `/api/buses/trips/${t.serviceId}/${t.date}`)).body.seats.filter((s: { available: boolean }) => s.available) as {
      name: string;
    }[];
  type Stop = { id: string; name: string };
  type Trip = { serviceId: string; date: string; offerId: string; boardingPoints: Stop[]; droppingPoints: Stop[] };

  it("carries the chosen points to the cart line and the booking, and refuses points of another trip", async () => {
    const customer = await newCustomer(w, "buspoints");
    const search = await w.api("POST", "/api/buses/search", { origin: "Bengaluru", destination: "Chennai", date: daysFromNow(10) });
    const trips = search.body.trips as Trip[];
    const trip = trips.find((t) => t.boardingPoints.length > 1 && t.droppingPoints.length > 1) ?? trips[0];
    const [seat] = await seatsOf(trip);
    const boarding = trip.boardingPoints.at(-1) as Stop;
    const dropping = trip.droppingPoints[0];
    const add = (fields: Record<string, string>) =>
      sendPageAction(
        w,
        "/cart",
        {
          intent: "add-offer",
          offerId: trip.offerId,
          seat: seat.name,
          "travellers[0].name": "Asha Rao",
          "travellers[0].age": "31",
          "travellers[0].gender": "female",
          ...fields,
        },
        { cookie: cookieOf(customer) },
      );

    const foreign = await add({ boarding: "bp_nowhere", dropping: dropping.id });
    expect(foreign.status).toBe(422);
    expect(foreign.answer?.message).toBe("Choose a boarding point of this bus");
    expect(foreign.answer?.issues?.[0].path).toBe("boarding");
    // A dropping point of the trip is not a boarding point.
    const swapped = await add({ boarding: boarding.id, dropping: trip.boardingPoints[0].id });
    expect(swapped.status).toBe(422);
    expect(swapped.answer?.message).toBe("Choose a dropping point of this bus");
    expect(await written(customer)).toEqual({ cart: 0, payments: 0 });

    const added = await add({ boarding: boarding.id, dropping: dropping.id });
    expect(added.redirect, added.text).toBe("/cart");
    const cart = await (await w.request("/cart", { headers: { cookie: cookieOf(customer) } })).text();
    expect(cart).toContain(`at ${boarding.name}, drops at ${dropping.name}`);

    const checkout = await w.api("POST", "/api/payments/checkout", { source: "cart" }, bearer(customer));
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(201);
    await payAndConfirm(w, bearer(customer), checkout.body.data.paymentId);
    const booking = await w.d1
      .prepare("SELECT offer, choice FROM travel_bookings WHERE payment_id = ?")
      .bind(checkout.body.data.paymentId)
      .first<{ offer: string; choice: string }>();
    const details = JSON.parse(booking?.offer ?? "{}").details;
    expect(details.boardingPoint.id).toBe(boarding.id);
    expect(details.droppingPoint.id).toBe(dropping.id);
    expect(JSON.parse(booking?.choice ?? "{}")).toMatchObject({ boarding: boarding.id, dropping: dropping.id });
  });
});
