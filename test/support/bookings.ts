import { todayInIndia } from "../../worker/domain/bookings/transitions";
import { testNow } from "./clock";
import type { TestWorker } from "./worker";

/** Seeded accounts (password DEMO_PASSWORD); sign in with loginViaApi from ./session. */
export const SELLER_A = "owner@wanderlust.example";
export const SELLER_B = "owner@himalayan.example";
export const ASHA = "asha@example.com";
export const ADMIN = "admin@tripbazaar.example";

/** The date `days` from today in India (YYYY-MM-DD), on the tests' clock (test/support/clock.ts). */
export function daysFromNow(days: number) {
  return todayInIndia(new Date(testNow() + days * 86_400_000));
}

type Traveller = { title: string; fullName: string; type: "adult" | "child"; age: number; gender: string };

export function travellersFor(adults: number, children: number): Traveller[] {
  return [
    ...Array.from({ length: adults }, (_, i) => ({
      title: "Mr",
      fullName: `Adult Traveller ${i + 1}`,
      type: "adult" as const,
      age: 30 + i,
      gender: "male",
    })),
    ...Array.from({ length: children }, (_, i) => ({
      title: "Miss",
      fullName: `Child Traveller ${i + 1}`,
      type: "child" as const,
      age: 5 + i,
      gender: "female",
    })),
  ];
}

/** A valid booking request body; override any part. */
export function bookingRequest(overrides: Record<string, unknown> = {}, counts = { adults: 2, children: 1 }) {
  return {
    packageId: "p_goa",
    travelDates: { startDate: daysFromNow(30) },
    customerDetails: { adults: counts.adults, children: counts.children, travellers: travellersFor(counts.adults, counts.children) },
    preferences: { hotel: { name: "Taj Holiday Village", roomType: "deluxe" }, transport: { name: "Private SUV", type: "suv" } },
    specialRequests: "Sea-facing room please",
    ...overrides,
  };
}

export const idemKey = () => `test-${crypto.randomUUID()}`;

export async function createBookingAs(w: TestWorker, auth: Record<string, string>, body: unknown = bookingRequest(), key = idemKey()) {
  return w.api("POST", "/api/bookings", body, { ...auth, "idempotency-key": key });
}

/**
 * Booking requests are rate limited per account and per seller (issue 23, test/integration/payments-edges.test.ts
 * proves it). Suites that make many requests as one account to test something else clear those buckets first.
 */
export const resetBookingLimits = (w: TestWorker) => w.d1.prepare("DELETE FROM rate_limits WHERE key LIKE 'booking-%'").run();

/**
 * A confirmed, paid trip of `userId` on `packageId` that started `startedAgo` days ago (on the tests' clock), written
 * straight to D1 with a nominal price: a trip to review. Its booking number is `ref`, or one made from the id's end.
 */
export async function insertPaidTrip(
  w: TestWorker,
  trip: { id: string; userId: string; packageId: string; startedAgo: number; ref?: string },
) {
  await w.d1
    .prepare(
      "INSERT INTO bookings (id, booking_ref, seller_id, user_id, package_id, status, payment_status, start_date, adults, base_price, discount, taxes, total) SELECT ?1, ?2, seller_id, ?3, id, 'confirmed', 'completed', ?4, 1, 100000, 0, 0, 100000 FROM packages WHERE id = ?5",
    )
    .bind(trip.id, trip.ref ?? `TB-2000-${trip.id.slice(-6).padStart(6, "0")}`, trip.userId, daysFromNow(-trip.startedAgo), trip.packageId)
    .run();
}
