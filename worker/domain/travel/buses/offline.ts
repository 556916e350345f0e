import { type SQL, and, asc, eq, inArray, sql } from "drizzle-orm";
import { busOperators, busSeats, busServices } from "@db/stays-and-buses";
import type { Reader } from "../../../db/batcher";
import { stopIfAborted } from "../supplier";
import { tripOf } from "./trips";
import type { BusSupplier } from "./types";

/** Other names travellers type for the same city. */
const ALIASES: Record<string, string> = {
  bangalore: "bengaluru",
  madras: "chennai",
  bombay: "mumbai",
  "new delhi": "delhi",
  panaji: "goa",
  panjim: "goa",
  cochin: "kochi",
  mysore: "mysuru",
};
export const cityKey = (city: string) => {
  const key = city.trim().toLowerCase().replace(/\s+/g, " ");
  return ALIASES[key] ?? key;
};

// Separate reads, not a join: inside a D1 batch rows come back keyed by column name, and both tables have `id`.
function servicesWithOperators({ db, load }: Reader, where: SQL | undefined) {
  const serviceIds = db.select({ id: busServices.id }).from(busServices).where(where);
  const operatorIds = db.select({ id: busServices.operatorId }).from(busServices).where(where);
  return {
    serviceIds,
    rows: Promise.all([
      load(db.select().from(busServices).where(where).orderBy(asc(busServices.departs))),
      load(db.select().from(busOperators).where(inArray(busOperators.id, operatorIds))),
    ]).then(([services, operators]) => {
      const byId = new Map(operators.map((o) => [o.id, o]));
      return services.flatMap((service) => {
        const operator = byId.get(service.operatorId);
        return operator ? [{ service, operator }] : [];
      });
    }),
  };
}

function routeReads(reader: Reader, origin: string, destination: string, date: string) {
  const onRoute = and(
    eq(sql`lower(${busServices.origin})`, cityKey(origin)),
    eq(sql`lower(${busServices.destination})`, cityKey(destination)),
  );
  const { serviceIds, rows } = servicesWithOperators(reader, onRoute);
  const { db, load } = reader;
  return Promise.all([
    rows,
    load(
      db
        .select({ serviceId: busSeats.serviceId, seat: busSeats.seat })
        .from(busSeats)
        .where(and(eq(busSeats.travelDate, date), inArray(busSeats.serviceId, serviceIds))),
    ),
  ]);
}

const soldBy = (rows: { serviceId: string; seat: string }[]) => {
  const sold = new Map<string, Set<string>>();
  for (const r of rows) {
    const seats = sold.get(r.serviceId) ?? new Set<string>();
    seats.add(r.seat);
    sold.set(r.serviceId, seats);
  }
  return sold;
};

const NONE = new Set<string>();

/** The built-in supplier: seeded services, the deterministic generator of trips.ts and the seats sold here. */
export const offlineBusSupplier: BusSupplier = {
  name: "offline",
  async search(reader, query, context) {
    stopIfAborted(context.signal);
    const [services, seatRows] = await routeReads(reader, query.origin, query.destination, query.date);
    stopIfAborted(context.signal);
    const sold = soldBy(seatRows);
    return services
      .map(({ service, operator }) => tripOf(service, operator, query.date, sold.get(service.id) ?? NONE).trip)
      .filter((trip) => Date.parse(trip.departureAt) > context.now.getTime());
  },
  async seats(reader, { serviceId, date }, context) {
    stopIfAborted(context.signal);
    const { db, load } = reader;
    const [services, seatRows] = await Promise.all([
      servicesWithOperators(reader, eq(busServices.id, serviceId)).rows,
      load(
        db
          .select({ seat: busSeats.seat })
          .from(busSeats)
          .where(and(eq(busSeats.serviceId, serviceId), eq(busSeats.travelDate, date))),
      ),
    ]);
    const row = services[0];
    if (!row) return null;
    return tripOf(row.service, row.operator, date, new Set(seatRows.map((r) => r.seat)));
  },
};
