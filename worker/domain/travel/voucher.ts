import { DEFAULT_VOUCHER_TEMPLATE } from "../vouchers/template";
import type { VoucherView } from "../vouchers/view";
import { formatRupees } from "../../shared/format";
import type { TravelBookingPage } from "./bookings";
import { PLATFORM_MERCHANT_NAME } from "./merchant";

const DOCUMENTS = {
  flight: { heading: "E-TICKET", title: "E-ticket", dateLabel: "Departure", details: "Flights" },
  hotel: { heading: "HOTEL VOUCHER", title: "Hotel voucher", dateLabel: "Check-in", details: "Your stay" },
  bus: { heading: "BUS TICKET", title: "Bus ticket", dateLabel: "Journey date", details: "Your bus" },
} as const;

/** The PDF's file name: "e-ticket-TB-2026-000123.pdf". */
export const ticketFileOf = (trip: Pick<TravelBookingPage, "kind" | "ref">) =>
  `${DOCUMENTS[trip.kind].title.toLowerCase().replace(/ /g, "-")}-${trip.ref}.pdf`;

/**
 * A flight's e-ticket, a stay's hotel voucher or a bus ticket as the package voucher's renderer prints it (ADR 0046):
 * the platform is the merchant, so its name heads the page in the default design; the kind's own section carries
 * the flights, the stay or the bus and its stops; the fare rules stand where a package's cancellation policy does.
 */
export function travelVoucherOf(trip: TravelBookingPage) {
  const doc = DOCUMENTS[trip.kind];
  const view: VoucherView = {
    bookingRef: trip.ref,
    status: trip.status,
    seller: { name: PLATFORM_MERCHANT_NAME, phone: trip.contact, email: null },
    packageName: trip.title,
    city: trip.kindLabel,
    duration: trip.people,
    travelDate: trip.startDate,
    adults: trip.counts.adults,
    children: trip.counts.children,
    travellers: trip.travellers.map((t) => ({ name: t.name, type: t.age !== null && t.age < 12 ? "child" : "adult", age: t.age })),
    preferences: { hotel: null, room: null, transport: null },
    inclusions: [],
    exclusions: [],
    priceLines: [
      ...trip.priceLines.map((l) => ({ label: l.label, amount: formatRupees(l.amount) })),
      { label: "Total", amount: formatRupees(trip.amount) },
    ],
    total: trip.amount,
    paid: trip.paidOn ? { amount: trip.amount, on: trip.paidOn } : null,
    refunded: trip.refund,
    cancellationPolicy: trip.fareRules,
    specialRequests: null,
    document: {
      heading: doc.heading,
      dateLabel: doc.dateLabel,
      details: { heading: doc.details, lines: [trip.subtitle, ...trip.lines] },
    },
  };
  return { view, template: DEFAULT_VOUCHER_TEMPLATE, logo: null };
}
