import type { BusLayout, BusStop, busOperators, busServices } from "@db/stays-and-buses";
import { indiaInstant, unit, weekday } from "../supplier";
import type { BusSeat, SupplierTrip, TripStop } from "./types";

/**
 * The offline bus supplier's trips (ADR 0047): a deterministic function of the service and the date, so the same
 * route and date always give the same fares and the same seats sold to others; seats this platform sold are read from
 * bus_seats on top.
 */

export type ServiceRow = typeof busServices.$inferSelect;
export type OperatorRow = typeof busOperators.$inferSelect;

export const MAX_SEATS_PER_BOOKING = 6;

/**
 * GST on passenger transport by road: 5% on an air-conditioned contract or stage carriage (Notification No.
 * 11/2017-Central Tax (Rate), entry 8(vi)); a non-air-conditioned one is exempt (Notification No. 12/2017-Central Tax
 * (Rate), entry 15).
 */
export const busGstRate = (ac: boolean) => (ac ? 5 : 0);

/** The seats of a layout: a 2+2 seater of 10 rows, or a 2+1 sleeper with 15 berths on each deck. */
export function layoutSeats(layout: BusLayout): Omit<BusSeat, "available">[] {
  if (layout === "seater_2x2") {
    return Array.from({ length: 40 }, (_, i) => {
      const row = Math.floor(i / 4) + 1;
      const col = i % 4;
      return { name: `${row}${"ABCD"[col]}`, deck: "lower" as const, row, col, berth: false, window: col === 0 || col === 3 };
    });
  }
  return (["lower", "upper"] as const).flatMap((deck) =>
    Array.from({ length: 15 }, (_, i) => {
      const row = Math.floor(i / 3) + 1;
      const col = i % 3;
      return { name: `${deck === "lower" ? "L" : "U"}${i + 1}`, deck, row, col, berth: true, window: col !== 1 };
    }),
  );
}

const rupeesTen = (paise: number) => Math.round(paise / 10_00) * 10_00;

/** The fare per seat before tax on a date: weekends (Friday and Sunday nights most) cost more. */
export function fareOn(service: Pick<ServiceRow, "id" | "baseFare">, date: string) {
  const day = weekday(date);
  const weekend = day === 5 || day === 0 ? 1.15 : day === 6 ? 1.05 : 1;
  return rupeesTen(service.baseFare * weekend * (0.94 + 0.16 * unit(`${service.id}|${date}|fare`)));
}

/**
 * Whether someone else already holds a seat of this trip (the offline world's other travellers): the trip's occupancy
 * is worked out once, then each seat is one hash.
 */
function takenElsewhere(serviceId: string, date: string) {
  const day = weekday(date);
  const occupancy = 0.15 + 0.45 * unit(`${serviceId}|${date}|occupancy`) + (day === 5 || day === 0 ? 0.15 : 0);
  const prefix = `${serviceId}|${date}|`;
  return (seat: string) => unit(prefix + seat) < occupancy;
}

/** The seats of each layout, made once (a trip copies them with its own availability). */
const SEATS = new Map<BusLayout, Omit<BusSeat, "available">[]>();
const seatsOf = (layout: BusLayout) => {
  let seats = SEATS.get(layout);
  if (!seats) {
    seats = layoutSeats(layout);
    SEATS.set(layout, seats);
  }
  return seats;
};

const stopAt = (date: string, departs: number, stop: BusStop): TripStop => ({
  id: stop.id,
  name: stop.name,
  landmark: stop.landmark,
  address: stop.address,
  time: indiaInstant(date, departs + stop.offsetMin).toISOString(),
  phone: stop.phone ?? null,
});

/** A trip and its seat map on a date, with the seats this platform already sold. */
export function tripOf(service: ServiceRow, operator: OperatorRow, date: string, sold: ReadonlySet<string>) {
  const taken = takenElsewhere(service.id, date);
  const seats: BusSeat[] = seatsOf(service.layout).map((s) => ({ ...s, available: !sold.has(s.name) && !taken(s.name) }));
  const fare = fareOn(service, date);
  const gstRate = busGstRate(service.ac);
  const departure = indiaInstant(date, service.departs);
  const trip: SupplierTrip = {
    serviceId: service.id,
    date,
    origin: service.origin,
    destination: service.destination,
    operator: {
      id: operator.id,
      name: operator.name,
      rating: operator.rating / 10,
      phone: operator.phone,
      stateTransport: operator.stateTransport,
    },
    busType: { label: service.label, ac: service.ac, sleeper: service.sleeper },
    departureAt: departure.toISOString(),
    arrivalAt: new Date(departure.getTime() + service.durationMin * 60_000).toISOString(),
    durationMin: service.durationMin,
    seatsTotal: seats.length,
    seatsLeft: seats.filter((s) => s.available).length,
    windowSeatsLeft: seats.filter((s) => s.available && s.window).length,
    fare,
    gstRate,
    farePerSeat: fare + Math.round((fare * gstRate) / 100),
    boardingPoints: service.boardingPoints.map((p) => stopAt(date, service.departs, p)),
    droppingPoints: service.droppingPoints.map((p) => stopAt(date, service.departs, p)),
    amenities: service.amenities,
    cancellation: service.cancellation,
    maxSeatsPerBooking: MAX_SEATS_PER_BOOKING,
  };
  return { trip, seats };
}

/** Seats × fare and the GST on it, in paise: what a booking of these seats costs. */
export function priceSeats(fare: number, gstRate: number, seats: number) {
  const base = fare * seats;
  const tax = Math.round((base * gstRate) / 100);
  return { base, tax, total: base + tax };
}
