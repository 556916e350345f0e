import type { BookedChoices } from "@db/bookings";
import type { ItineraryDay } from "@db/packages";
import type { Booking } from "../bookings/shapes";
import { type PriceLine, lineAmount, priceLines } from "../bookings/price-lines";
import type { BookingMoney } from "../payments/views";
import { REFUND_POLICY } from "../payments/policy";

/**
 * Everything a voucher prints, as plain values (ADR 0046). The renderer knows nothing of bookings or D1: the
 * optional parts (departure, hotels per night, itinerary, add-ons) print only when present, so the catalogue's
 * choices plug in here without touching the PDF code. Money in integer paise; dates as YYYY-MM-DD.
 */
export type VoucherView = {
  bookingRef: string;
  status: string;
  seller: { name: string; phone: string | null; email: string | null };
  packageName: string;
  city: string;
  duration: string;
  travelDate: string;
  departure?: { date: string; label?: string } | null;
  adults: number;
  children: number;
  travellers: { name: string; type: string; age: number | null }[];
  /** The free-text hotel and transport the traveller asked for (before hotels per night existed). */
  preferences: { hotel: string | null; room: string | null; transport: string | null };
  hotels?: { nights: string; hotel: string; room?: string; mealPlan?: string }[];
  itinerary?: { day: number; title: string; details?: string; overnight?: string; meals?: string }[];
  inclusions: string[];
  exclusions: string[];
  addons?: { name: string; quantity: number; amount: number }[];
  priceLines: { label: string; amount: string }[];
  total: number;
  paid: { amount: number; on: string | null } | null;
  refunded: { amount: number; status: string } | null;
  cancellationPolicy: string[];
  specialRequests: string | null;
  /**
   * A flight's e-ticket, a stay's hotel voucher or a bus ticket (issue 27) printed by the same renderer: its heading
   * ("E-TICKET"), what its date is ("Departure"), and its own section (segments, the stay, the bus and its stops).
   */
  document?: { heading: string; dateLabel: string; details: { heading: string; lines: string[] } };
};

const PREFERENCE_WORDS: Record<string, string> = { standard: "Standard", deluxe: "Deluxe", suite: "Suite", included: "Included" };
const word = (value: string | undefined) => (value ? (PREFERENCE_WORDS[value] ?? value) : null);

/** The voucher of a booking as the platform knows it today. */
export function voucherViewOf(input: {
  booking: Booking;
  money: BookingMoney;
  seller: { name: string; phone: string | null; email: string | null };
  inclusions: string[];
  exclusions: string[];
  /** The package's day-by-day itinerary (ADR 0045), as it is now. */
  itinerary?: ItineraryDay[];
  /** The fixed departure the booking travels on (ADR 0044), when its package runs on departures. */
  departureDate?: string | null;
}): VoucherView {
  const { booking, money, seller } = input;
  // What the traveller chose from the catalogue, as priced when they booked (the booking's snapshot, ADR 0045).
  const chosen = (booking as Booking & { choices?: BookedChoices | null }).choices ?? null;
  const hotel = booking.preferences.hotel as { hotel?: string; name?: string; roomType?: string };
  const transport = booking.preferences.transport as { name?: string; type?: string };
  const lines: PriceLine[] = priceLines(booking.pricing);
  return {
    bookingRef: booking.bookingId,
    status: booking.status,
    seller,
    packageName: booking.packageId.name,
    city: booking.packageId.location,
    duration: booking.packageId.duration,
    travelDate: booking.travelDates.startDate,
    adults: booking.customerDetails.adults,
    children: booking.customerDetails.children,
    travellers: booking.customerDetails.travellers.map((t) => ({
      name: [t.title, t.fullName].filter(Boolean).join(" "),
      type: t.type,
      age: t.age ?? null,
    })),
    preferences: {
      hotel: hotel.hotel ?? hotel.name ?? null,
      room: word(hotel.roomType),
      transport: transport.name ?? word(transport.type),
    },
    inclusions: input.inclusions,
    exclusions: input.exclusions,
    priceLines: lines.filter((l) => l.amount !== 0 || l.key === "total").map((l) => ({ label: l.label, amount: lineAmount(l) })),
    total: booking.pricing.total,
    paid: money.payment ? { amount: money.payment.amount, on: money.payment.capturedAt ?? null } : null,
    refunded: money.refund ? { amount: money.refund.amount, status: money.refund.status } : null,
    cancellationPolicy: REFUND_POLICY,
    specialRequests: booking.specialRequests || null,
    departure: input.departureDate ? { date: input.departureDate, label: "Fixed departure" } : null,
    hotels: chosen?.hotel
      ? [
          {
            nights: `${chosen.hotel.nights} ${chosen.hotel.nights === 1 ? "night" : "nights"}, ${chosen.hotel.rooms} ${chosen.hotel.rooms === 1 ? "room" : "rooms"}`,
            hotel: `${chosen.hotel.name}, ${chosen.hotel.city}`,
            room: chosen.hotel.roomType,
            mealPlan: chosen.mealPlan ? `${chosen.mealPlan.code} (${chosen.mealPlan.label})` : undefined,
          },
        ]
      : [],
    itinerary: (input.itinerary ?? []).map((d) => ({
      day: d.day,
      title: d.title,
      details: d.details || undefined,
      overnight: d.overnight || undefined,
      meals: d.meals || undefined,
    })),
    addons: (chosen?.addons ?? []).map((a) => ({ name: a.name, quantity: a.quantity, amount: a.amount })),
  };
}

/** The sample booking the pdf-template preview prints, with every optional part filled so each section shows. */
export function sampleVoucherView(seller: { name: string; phone: string | null }, today: string): VoucherView {
  const start = new Date(Date.parse(`${today}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
  return {
    bookingRef: "TB-2026-000000",
    status: "confirmed",
    seller: { name: seller.name, phone: seller.phone, email: null },
    packageName: "Sample: Kerala Backwaters and Hills",
    city: "Kochi",
    duration: "4 Days / 3 Nights",
    travelDate: start,
    departure: { date: start, label: "Fixed departure, 07:00 from Kochi airport" },
    adults: 2,
    children: 1,
    travellers: [
      { name: "Mr Arjun Mehta", type: "adult", age: 38 },
      { name: "Mrs Priya Mehta", type: "adult", age: 35 },
      { name: "Master Kabir Mehta", type: "child", age: 8 },
    ],
    preferences: { hotel: null, room: "Deluxe", transport: "Included" },
    hotels: [
      { nights: "Nights 1–2", hotel: "Tea Valley Resort, Munnar", room: "Deluxe double", mealPlan: "MAP (breakfast and dinner)" },
      { nights: "Night 3", hotel: "Lakeside Houseboat, Alleppey", room: "Premium cabin", mealPlan: "AP (all meals)" },
    ],
    itinerary: [
      {
        day: 1,
        title: "Arrive in Kochi, drive to Munnar",
        details: "Pick-up at the airport; tea gardens on the way.",
        overnight: "Munnar",
        meals: "Dinner",
      },
      { day: 2, title: "Munnar sightseeing", details: "Eravikulam park, Mattupetty dam.", overnight: "Munnar", meals: "Breakfast, dinner" },
      { day: 3, title: "Houseboat in Alleppey", details: "Cruise the backwaters.", overnight: "Alleppey", meals: "All meals" },
      { day: 4, title: "Departure", details: "Drop at Kochi airport.", meals: "Breakfast" },
    ],
    inclusions: ["Hotel stays as listed", "Private cab for all transfers", "Houseboat cruise"],
    exclusions: ["Flights", "Entry tickets", "Personal expenses"],
    addons: [{ name: "Kathakali show", quantity: 3, amount: 150000 }],
    priceLines: [
      { label: "Package price", amount: "₹45,000" },
      { label: "Discount", amount: "−₹4,500" },
      { label: "Add-ons", amount: "₹1,500" },
      { label: "Booking fee", amount: "₹2,025" },
      { label: "Total", amount: "₹44,025" },
    ],
    total: 4402500,
    paid: { amount: 4402500, on: `${today}T10:00:00.000Z` },
    refunded: null,
    cancellationPolicy: REFUND_POLICY,
    specialRequests: null,
  };
}
