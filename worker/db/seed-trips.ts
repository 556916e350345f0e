import { PLATFORM_MERCHANT_ID, PLATFORM_MERCHANT_NAME } from "../domain/travel/merchant";

/**
 * Asha's flight ahead and stay behind (issue 27, ADR 0053): the platform sold them, so a fresh `npm start` shows
 * flights and stays beside packages in her dashboard, each with its page, PDF and (the flight) cancellation. Their
 * numbers follow the seeded package bookings'; the platform merchant's rows are the ones the first travel checkout
 * would write (worker/domain/travel/merchant.ts).
 */
const q = (v: unknown): string =>
  v === null || v === undefined ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
const json = (v: unknown) => q(JSON.stringify(v));

export const SEED_TRIPS = [
  { id: "bk_trip_flight", startsIn: 18, nights: 0, createdAgo: 3 },
  { id: "bk_trip_stay", startsIn: -22, nights: 2, createdAgo: 40 },
] as const;

const dayOf = (today: string, days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function flightOf(date: string) {
  const fare = { base: 980_000, taxes: 156_000, total: 1_136_000 };
  return {
    kind: "flight",
    offerId: "",
    title: "IndiGo 6E 5312 · DEL → GOI",
    subtitle: "Non-stop · 2 passengers · Economy",
    startDate: date,
    endDate: date,
    lines: [
      { label: "Base fare", amount: fare.base },
      { label: "Taxes and fees", amount: fare.taxes },
    ],
    total: fare.total,
    refundable: true,
    details: {
      cabin: "ECONOMY",
      passengers: { adults: 2, children: 0, infants: 0 },
      slices: [
        {
          segments: [
            {
              carrier: "6E",
              carrierName: "IndiGo",
              flightNumber: "6E 5312",
              aircraft: "Airbus A320neo",
              departure: { airport: "DEL", city: "New Delhi", terminal: "1", at: `${date}T07:15:00+05:30` },
              arrival: { airport: "GOI", city: "Goa", terminal: "1", at: `${date}T09:50:00+05:30` },
              duration: 155,
            },
          ],
          duration: 155,
          stops: 0,
        },
      ],
      baggage: { cabinKg: 7, checkedKg: 15 },
      fare,
      cancellationFee: 300_000,
      validatingCarrier: "6E",
      supplierKey: `ECONOMY|6E-5312:${date}`,
    },
  };
}

function stayOf(checkIn: string, checkOut: string) {
  return {
    kind: "hotel",
    offerId: "",
    title: "Sea Breeze Resort, Goa · Deluxe room",
    subtitle: "CP (Breakfast included) · 2 nights · 1 room, 2 guests",
    startDate: checkIn,
    endDate: checkOut,
    lines: [
      { label: "Deluxe room × 1, 2 nights", amount: 1_200_000 },
      { label: "GST on rooms (5%)", amount: 60_000 },
    ],
    total: 1_260_000,
    refundable: true,
    freeCancellationUntil: `${dayOf(checkIn, -2)}T12:00:00+05:30`,
    details: {
      hotelId: "sh_goa_sea_breeze",
      hotelName: "Sea Breeze Resort",
      city: "Goa",
      area: "Candolim",
      roomName: "Deluxe room",
      mealPlan: "CP",
      mealPlanName: "Breakfast included",
      rooms: [{ adults: 2, childAges: [] }],
    },
  };
}

/** The statements, on the seed's day; `firstRef` is the next free booking number of the year. */
export function tripStatements(today: string, year: number, firstRef: number, now: Date) {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString();
  const out = [
    `INSERT OR IGNORE INTO users (id, name, email, password_hash, role, status) VALUES (${[PLATFORM_MERCHANT_ID, PLATFORM_MERCHANT_NAME, "platform-merchant@tripbazaar.invalid", "!", "seller", "disabled"].map(q).join(", ")});`,
    `INSERT OR IGNORE INTO sellers (id, name, email) VALUES (${[PLATFORM_MERCHANT_ID, PLATFORM_MERCHANT_NAME, "support@tripbazaar.example"].map(q).join(", ")});`,
  ];
  SEED_TRIPS.forEach((t, i) => {
    const start = dayOf(today, t.startsIn);
    const end = dayOf(start, t.nights);
    const offer = t.nights ? stayOf(start, end) : flightOf(start);
    const choice = t.nights
      ? { travellers: [{ title: "Mrs", name: "Asha Verma" }], seats: [] }
      : {
          travellers: [
            { title: "Mrs", name: "Asha Verma", age: 34 },
            { title: "Mr", name: "Rohan Verma", age: 36 },
          ],
          seats: [],
        };
    const ref = `TB-${year}-${String(firstRef + i).padStart(6, "0")}`;
    const paymentId = `py_seed_${t.id}`;
    const createdAt = at(t.createdAgo);
    const draft = {
      row: { sellerId: PLATFORM_MERCHANT_ID, startDate: start, adults: 2, children: 0, total: offer.total },
      packageName: offer.title,
      sellerName: PLATFORM_MERCHANT_NAME,
      travel: { offer, choice },
    };
    out.push(
      `INSERT OR IGNORE INTO payments (id, user_id, provider, provider_order_id, provider_payment_id, amount, currency, status, created_at, captured_at, updated_at) VALUES (${[paymentId, "u_asha", "test", `order_seed_${t.id}`, `pay_seed_${t.id}`, offer.total, "INR", "captured", createdAt, createdAt, createdAt].map(q).join(", ")});`,
      `INSERT OR IGNORE INTO payment_items (booking_id, payment_id, seller_id, cart_item_id, amount, booking, outcome, created_at) VALUES (${[t.id, paymentId, PLATFORM_MERCHANT_ID, null, offer.total].map(q).join(", ")}, ${json(draft)}, 'booked', ${q(createdAt)});`,
      `INSERT OR IGNORE INTO travel_bookings (id, booking_ref, kind, user_id, payment_id, title, start_date, end_date, amount, offer, choice, status, created_at) VALUES (${[t.id, ref, offer.kind, "u_asha", paymentId, offer.title, start, end, offer.total].map(q).join(", ")}, ${json(offer)}, ${json(choice)}, 'confirmed', ${q(createdAt)});`,
    );
  });
  return out;
}
