import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import { payments, refunds, travelBookings } from "@db/schema";
import type { Reader } from "../../db/batcher";
import { formatDate, formatTime } from "../../shared/format";
import { todayInIndia } from "../bookings/transitions";
import { refundOnCancel } from "./cancel";
import type { PricedOffer, TravelChoice, TravelKind } from "./offer";

/**
 * The traveller's own flights, stays and bus trips (ADR 0053, issue 27 "after payment"): the dashboard's lists and
 * the booking page read them here, as plain values the pages print. Each read is one statement, so a page's reads
 * and its session check stay one D1 round trip.
 */

/** The booking page of a travel booking, by its number (TB-YYYY-NNNNNN). */
export const travelBookingPath = (ref: string) => `/user-dashboard/trips/${ref}`;

export const TRAVEL_REF = /^TB-\d{4}-\d{6}$/;

/** What a traveller reads of one booking: what, where, when, who, and the money. */
export type TravelBookingSummary = {
  id: string;
  ref: string;
  kind: TravelKind;
  /** "Flight", "Hotel stay", "Bus trip". */
  kindLabel: string;
  title: string;
  /** Route with times, hotel with nights, operator with boarding and dropping. */
  lines: string[];
  /** "2 adults, 1 child", "Seats 4A, 4B". */
  people: string;
  startDate: string;
  endDate: string;
  status: "confirmed" | "cancelled";
  amount: number;
  href: string;
};

export const KIND_LABELS: Record<TravelKind, string> = { flight: "Flight", hotel: "Hotel stay", bus: "Bus trip" };

type Row = typeof travelBookings.$inferSelect;
type Segment = {
  carrierName?: string;
  flightNumber?: string;
  departure?: { airport?: string; city?: string; terminal?: string; at?: string };
  arrival?: { airport?: string; city?: string; terminal?: string; at?: string };
};
type Stop = { name?: string; landmark?: string; time?: string } | null | undefined;
type Details = {
  slices?: { segments?: Segment[] }[];
  passengers?: { adults?: number; children?: number; infants?: number };
  cabin?: string;
  baggage?: { cabinKg?: number; checkedKg?: number };
  cancellationFee?: number;
  hotelName?: string;
  city?: string;
  area?: string;
  roomName?: string;
  mealPlan?: string;
  mealPlanName?: string;
  rooms?: { adults?: number; childAges?: number[] }[];
  operator?: { name?: string; phone?: string };
  busType?: { label?: string };
  departureAt?: string;
  arrivalAt?: string;
  boardingPoint?: Stop;
  droppingPoint?: Stop;
  seats?: string[];
  cancellation?: { hoursBefore: number; chargePercent: number }[];
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const timeOf = (at: string | undefined) => (at ? formatTime(at) : "");
const dayTime = (at: string | undefined) => (at ? `${formatDate(at)}, ${formatTime(at)}` : "");

function nights(row: Pick<Row, "startDate" | "endDate">) {
  return Math.max(1, Math.round((Date.parse(row.endDate) - Date.parse(row.startDate)) / 86_400_000));
}

function segmentLine(s: Segment) {
  const from = s.departure;
  const to = s.arrival;
  const terminal = (t?: string) => (t ? ` T${t.replace(/^T/i, "")}` : "");
  return `${s.carrierName ?? ""} ${s.flightNumber ?? ""}: ${from?.airport ?? ""}${terminal(from?.terminal)} ${dayTime(from?.at)} → ${to?.airport ?? ""}${terminal(to?.terminal)} ${timeOf(to?.at)}`.trim();
}

/** The lines a list and the page print under the title, per kind. */
function linesOf(kind: TravelKind, d: Details, row: Pick<Row, "startDate" | "endDate">) {
  if (kind === "flight") return (d.slices ?? []).flatMap((slice) => (slice.segments ?? []).map(segmentLine));
  if (kind === "hotel") {
    return [
      [d.hotelName, d.area, d.city].filter(Boolean).join(", "),
      `Check-in ${formatDate(row.startDate)} · check-out ${formatDate(row.endDate)} · ${plural(nights(row), "night")}`,
      [d.roomName, d.mealPlan ? `${d.mealPlan} (${d.mealPlanName ?? ""})` : null].filter(Boolean).join(" · "),
    ].filter(Boolean);
  }
  const stop = (label: string, s: Stop) => (s?.name ? `${label}: ${s.name}${s.time ? ` at ${s.time}` : ""}` : null);
  return [
    [d.operator?.name, d.busType?.label].filter(Boolean).join(" · "),
    `Departs ${dayTime(d.departureAt)} · arrives ${dayTime(d.arrivalAt)}`,
    stop("Boarding", d.boardingPoint),
    stop("Dropping", d.droppingPoint),
  ].filter((l): l is string => Boolean(l));
}

function peopleOf(kind: TravelKind, d: Details, choice: TravelChoice) {
  if (kind === "bus") {
    const seats = d.seats ?? choice.seats ?? [];
    return `${plural(seats.length, "seat")}: ${seats.join(", ")}`;
  }
  if (kind === "hotel") {
    const rooms = d.rooms ?? [];
    const adults = rooms.reduce((n, r) => n + (r.adults ?? 0), 0);
    const children = rooms.flatMap((r) => r.childAges ?? []);
    const kids = children.length ? `, ${plural(children.length, "child", "children")} (${children.map((a) => `age ${a}`).join(", ")})` : "";
    return `${plural(rooms.length, "room")}, ${plural(adults, "adult")}${kids}`;
  }
  const p = d.passengers ?? {};
  return [
    plural(p.adults ?? 0, "adult"),
    p.children ? plural(p.children, "child", "children") : null,
    p.infants ? plural(p.infants, "infant") : null,
  ]
    .filter(Boolean)
    .join(", ");
}

function countsOf(kind: TravelKind, d: Details, choice: TravelChoice) {
  if (kind === "flight")
    return { adults: d.passengers?.adults ?? 0, children: (d.passengers?.children ?? 0) + (d.passengers?.infants ?? 0) };
  if (kind === "hotel") {
    const rooms = d.rooms ?? [];
    return { adults: rooms.reduce((n, r) => n + (r.adults ?? 0), 0), children: rooms.reduce((n, r) => n + (r.childAges?.length ?? 0), 0) };
  }
  const children = (choice.travellers ?? []).filter((t) => t.age !== undefined && t.age < 12).length;
  return { adults: (choice.travellers?.length ?? 0) - children, children };
}

function summaryOf(row: Row): TravelBookingSummary {
  const offer = row.offer as PricedOffer;
  const details = (offer.details ?? {}) as Details;
  return {
    id: row.id,
    ref: row.bookingRef,
    kind: row.kind,
    kindLabel: KIND_LABELS[row.kind],
    title: row.title,
    lines: linesOf(row.kind, details, row),
    people: peopleOf(row.kind, details, row.choice as TravelChoice),
    startDate: row.startDate,
    endDate: row.endDate,
    status: row.status,
    amount: row.amount,
    href: travelBookingPath(row.bookingRef),
  };
}

export type TravelListWhen = "all" | "upcoming" | "completed";

/**
 * SECURITY: only the signed-in traveller's own bookings. Upcoming: confirmed and not yet over; completed: confirmed
 * and over (a stay once checked out, a flight or bus once it arrived); all: every one, newest first.
 */
export async function listTravelBookings({ db, load }: Reader, userId: string, when: TravelListWhen, today: string, limit = 20) {
  const scope = eq(travelBookings.userId, userId);
  const where =
    when === "upcoming"
      ? and(scope, eq(travelBookings.status, "confirmed"), gte(travelBookings.endDate, today))
      : when === "completed"
        ? and(scope, eq(travelBookings.status, "confirmed"), lt(travelBookings.endDate, today))
        : scope;
  const order = when === "upcoming" ? [travelBookings.startDate] : [desc(travelBookings.startDate), desc(travelBookings.createdAt)];
  const rows = await load(
    db
      .select()
      .from(travelBookings)
      .where(where)
      .orderBy(...order)
      .limit(limit),
  );
  return rows.map(summaryOf);
}

/** A travel booking's page: the summary, its travellers, fare lines and rules, payment and refund. */
export type TravelBookingPage = TravelBookingSummary & {
  subtitle: string;
  travellers: { name: string; detail: string; age: number | null }[];
  /** Adults and children (with infants) travelling. */
  counts: { adults: number; children: number };
  priceLines: { label: string; amount: number }[];
  fareRules: string[];
  paidOn: string | null;
  refund: { amount: number; status: string } | null;
  refundAmount: number | null;
  cancelledAt: string | null;
  bookedAt: string;
  /** The traveller may still cancel it online (confirmed, not started). */
  cancellable: boolean;
  /** What cancelling now gives back, by the fare's rules (paise). */
  refundIfCancelled: number;
  /** The bus operator's phone. */
  contact: string | null;
};

function fareRulesOf(offer: PricedOffer, d: Details) {
  const until = offer.freeCancellationUntil
    ? `${formatDate(offer.freeCancellationUntil)}, ${formatTime(offer.freeCancellationUntil)}`
    : null;
  if (offer.kind === "flight") {
    const seated = (d.passengers?.adults ?? 1) + (d.passengers?.children ?? 0);
    const rules = offer.refundable
      ? [
          `Refundable fare: cancelling before departure refunds the total less a cancellation fee of ₹${((d.cancellationFee ?? 0) / 100).toLocaleString("en-IN")} per seated passenger (${seated}).`,
        ]
      : ["Non-refundable fare: cancelling before departure refunds the taxes and fees only; the airline keeps the fare."];
    if (d.baggage) rules.push(`Baggage: ${d.baggage.cabinKg ?? 7} kg cabin, ${d.baggage.checkedKg ?? 15} kg check-in per passenger.`);
    rules.push("Carry a government photo ID; check-in closes 45 minutes before departure.");
    return rules;
  }
  if (offer.kind === "hotel") {
    return [
      until ? `Free cancellation until ${until}; after that no refund.` : "Non-refundable rate: cancelling gives no refund.",
      "Check-in from 14:00, check-out by 11:00. Every guest shows a government photo ID at check-in.",
    ];
  }
  const rules = until ? [`Full refund if cancelled before ${until}; after that no refund.`] : ["This ticket is not refundable."];
  if (d.cancellation?.length) {
    rules.push(
      `The operator's own charges: ${d.cancellation.map((r) => `${r.chargePercent}% within ${r.hoursBefore} hours of departure`).join("; ")}.`,
    );
  }
  rules.push("Reach the boarding point 15 minutes before departure with this ticket and a photo ID.");
  return rules;
}

/**
 * One booking for its page, by its number or id. SECURITY: scoped by the signed-in traveller: another traveller's
 * booking (or none) is null, and the page answers 404 as if it did not exist.
 */
export async function readTravelBooking({ db, load }: Reader, userId: string, key: string, now: Date) {
  const today = todayInIndia(now);
  const byKey = TRAVEL_REF.test(key) ? eq(travelBookings.bookingRef, key) : eq(travelBookings.id, key);
  const rows = await load(
    db
      // Aliased: D1 answers rows keyed by column name, so the refund's status and amount must not shadow the booking's.
      .select({
        booking: travelBookings,
        refundAmount: sql<number | null>`${refunds.amount}`.as("refund_paise"),
        refundStatus: sql<string | null>`${refunds.status}`.as("refund_status"),
        paidOn: sql<string | null>`${payments.capturedAt}`.as("paid_on"),
      })
      .from(travelBookings)
      .leftJoin(refunds, eq(refunds.bookingId, travelBookings.id))
      .leftJoin(payments, eq(payments.id, travelBookings.paymentId))
      .where(and(byKey, eq(travelBookings.userId, userId)))
      .limit(1),
  );
  const found = rows[0];
  if (!found) return null;
  const row = found.booking;
  const offer = row.offer as PricedOffer;
  const details = (offer.details ?? {}) as Details;
  const choice = row.choice as TravelChoice;
  const page: TravelBookingPage = {
    ...summaryOf(row),
    subtitle: offer.subtitle,
    travellers: (choice.travellers ?? []).map((t, i) => ({
      name: [t.title, t.name].filter(Boolean).join(" "),
      detail: [
        t.age !== undefined ? `age ${t.age}` : null,
        t.gender ?? null,
        row.kind === "bus" && choice.seats?.[i] ? `seat ${choice.seats[i]}` : null,
      ]
        .filter(Boolean)
        .join(", "),
      age: t.age ?? null,
    })),
    counts: countsOf(row.kind, details, choice),
    priceLines: offer.lines ?? [],
    fareRules: fareRulesOf(offer, details),
    paidOn: found.paidOn ?? null,
    refund: found.refundStatus ? { amount: found.refundAmount ?? 0, status: found.refundStatus } : null,
    refundAmount: row.refundAmount,
    cancelledAt: row.cancelledAt,
    bookedAt: row.createdAt,
    cancellable: row.status === "confirmed" && row.startDate >= today,
    refundIfCancelled: refundOnCancel(offer, now),
    contact: row.kind === "bus" ? (details.operator?.phone ?? null) : null,
  };
  return page;
}
