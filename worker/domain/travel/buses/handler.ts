import { eq } from "drizzle-orm";
import { busSeats } from "@db/stays-and-buses";
import { formatTime } from "../../../shared/format";
import type { OfferPayload, PricedOffer, RepriceOutcome, TravelChoice, TravelKindHandler } from "../offer";
import { todayInIndia } from "../supplier";
import { offlineBusSupplier } from "./offline";
import type { BusOfferData } from "./service";
import { MAX_SEATS_PER_BOOKING, priceSeats } from "./trips";
import type { BusSupplier } from "./types";

/**
 * A bus trip in the cart (issue 27, ADR 0047): one traveller per chosen seat. Re-pricing reads the trip's seat map now:
 * a seat taken since is "sold out", a fare moved is "changed". The paid booking's batch inserts its seats into bus_seats,
 * whose unique (service, date, seat) index makes a second sale of a seat fail as a whole; a cancellation deletes them.
 */

const SEAT_NAME = /^(?:(?:[1-9]|10)[A-D]|[LU](?:[1-9]|1[0-5]))$/;
const GENDERS = ["female", "male", "other"];

/** The offer's own facts, or null when the payload is not a bus offer this code could have signed. */
export function busOfferData(payload: OfferPayload): BusOfferData | null {
  if (payload.kind !== "bus") return null;
  const d = payload.data as Partial<BusOfferData>;
  if (typeof d.s !== "string" || typeof d.v !== "string" || typeof d.d !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(d.d)) return null;
  if (!Number.isInteger(d.f) || (d.f as number) <= 0 || !Number.isInteger(d.g) || (d.g as number) < 0) return null;
  return d as BusOfferData;
}

/** The trip a paid booking holds seats on, from the offer it was priced as. */
const tripOfOffer = (offer: PricedOffer) => ({
  serviceId: String(offer.details.serviceId ?? ""),
  date: String(offer.details.date ?? offer.startDate),
});

export function busHandlerOf(supplier: BusSupplier): TravelKindHandler {
  return {
    checkChoice(payload: OfferPayload, choice: TravelChoice) {
      if (!busOfferData(payload)) return "This is not a bus offer";
      const { seats, travellers } = choice;
      if (seats.length === 0) return "Choose at least one seat";
      if (seats.length > MAX_SEATS_PER_BOOKING) return `Choose at most ${MAX_SEATS_PER_BOOKING} seats`;
      if (new Set(seats).size !== seats.length) return "Choose each seat once";
      if (seats.some((s) => !SEAT_NAME.test(s))) return "That seat is not on this bus";
      if (travellers.length !== seats.length) return "Give one traveller for each seat";
      for (const [i, t] of travellers.entries()) {
        if (!t.name.trim()) return `Give traveller ${i + 1}'s name`;
        if (t.age === undefined || !Number.isInteger(t.age) || t.age < 1 || t.age > 120) return `Give traveller ${i + 1}'s age (1 to 120)`;
        if (!t.gender || !GENDERS.includes(t.gender)) return `Give traveller ${i + 1}'s gender`;
      }
      return null;
    },
    async reprice(reader, payload, choice, context): Promise<RepriceOutcome> {
      const data = busOfferData(payload);
      if (!data) return { status: "invalid", message: "This is not a bus offer" };
      if (data.s !== supplier.name) return { status: "invalid", message: "This offer came from another supplier; search again" };
      const found = await supplier.seats(reader, { serviceId: data.v, date: data.d }, context);
      if (!found) return { status: "invalid", message: "This bus no longer runs; search again" };
      const { trip, seats } = found;
      if (Date.parse(trip.departureAt) <= context.now.getTime()) return { status: "invalid", message: "This bus has left; search again" };
      const byName = new Map(seats.map((s) => [s.name, s]));
      if (choice.seats.some((s) => !byName.has(s))) return { status: "invalid", message: "That seat is not on this bus" };
      // SECURITY: the stops come from the form; only this trip's own are taken (absent: its first and last).
      const boarding = choice.boarding ? trip.boardingPoints.find((p) => p.id === choice.boarding) : trip.boardingPoints[0];
      const dropping = choice.dropping ? trip.droppingPoints.find((p) => p.id === choice.dropping) : trip.droppingPoints.at(-1);
      if (!boarding) return { status: "invalid", message: "Choose a boarding point of this bus", path: "boarding" };
      if (!dropping) return { status: "invalid", message: "Choose a dropping point of this bus", path: "dropping" };
      const taken = choice.seats.filter((s) => !byName.get(s)?.available);
      if (taken.length) return { status: "sold_out", message: `Seat ${taken.join(", ")} was just taken; choose another` };
      const n = choice.seats.length;
      const price = priceSeats(trip.fare, trip.gstRate, n);
      const before = priceSeats(data.f, data.g, n);
      const offer: PricedOffer = {
        kind: "bus",
        offerId: "",
        title: `${trip.operator.name} · ${trip.origin} → ${trip.destination}`,
        subtitle: `${trip.busType.label} · boards ${formatTime(boarding.time)} at ${boarding.name}, drops at ${dropping.name} · ${n === 1 ? "seat" : "seats"} ${choice.seats.join(", ")}`,
        startDate: trip.date,
        endDate: todayInIndia(new Date(trip.arrivalAt)),
        lines: [{ label: `Fare × ${n}`, amount: price.base }, ...(price.tax ? [{ label: `GST ${trip.gstRate}%`, amount: price.tax }] : [])],
        total: price.total,
        refundable: trip.cancellation.some((r) => r.chargePercent < 100),
        details: {
          supplier: data.s,
          serviceId: trip.serviceId,
          date: trip.date,
          operator: trip.operator,
          busType: trip.busType,
          departureAt: trip.departureAt,
          arrivalAt: trip.arrivalAt,
          boardingPoint: boarding,
          droppingPoint: dropping,
          seats: choice.seats,
          cancellation: trip.cancellation,
        },
      };
      return price.total === before.total ? { status: "available", offer } : { status: "changed", offer, previousTotal: before.total };
    },
    bookStatements(db, booking) {
      const { serviceId, date } = tripOfOffer(booking.offer);
      return booking.choice.seats.map((seat) => db.insert(busSeats).values({ serviceId, travelDate: date, seat, bookingId: booking.id }));
    },
    releaseStatements(db, booking) {
      return [db.delete(busSeats).where(eq(busSeats.bookingId, booking.id))];
    },
  };
}

/** The bus handler over the built-in offline supplier (the registry maps kind "bus" to it). */
export const busHandler = busHandlerOf(offlineBusSupplier);
