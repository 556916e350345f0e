import { type SQL, and, asc, eq, inArray, sql } from "drizzle-orm";
import { busOperators, busSeats, busServices } from "@db/stays-and-buses";
import { type Reader, preparedRead } from "../../../db/batcher";
import type { Db } from "../../../db/client";
import { catalogue } from "../catalogue-cache";
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

// A route's reads, prepared once per isolate (ADR 0016): a search binds its cities and date.
const onRoute = and(
  eq(sql`lower(${busServices.origin})`, sql.placeholder("origin")),
  eq(sql`lower(${busServices.destination})`, sql.placeholder("destination")),
);
const routeServices = preparedRead((db: Db) => db.select().from(busServices).where(onRoute).orderBy(asc(busServices.departs)));
const routeOperators = preparedRead((db: Db) =>
  db
    .select()
    .from(busOperators)
    .where(inArray(busOperators.id, db.select({ id: busServices.operatorId }).from(busServices).where(onRoute))),
);
const routeSeatsSold = preparedRead((db: Db) =>
  db
    .select({ serviceId: busSeats.serviceId, seat: busSeats.seat })
    .from(busSeats)
    .where(
      and(
        eq(busSeats.travelDate, sql.placeholder("date")),
        inArray(busSeats.serviceId, db.select({ id: busServices.id }).from(busServices).where(onRoute)),
      ),
    ),
);

async function routeReads({ db, load }: Reader, origin: string, destination: string, date: string) {
  const route = { origin: cityKey(origin), destination: cityKey(destination) };
  // The route's services and operators are catalogue, read once per isolate (../catalogue-cache.ts); the seats sold
  // on the day are read live, in the same batch when the route is read too.
  const [rows, seats] = await Promise.all([
    catalogue("bus-route", JSON.stringify([route.origin, route.destination]), () =>
      Promise.all([load(routeServices(db, route)), load(routeOperators(db, route))]).then(([services, operators]) => {
        const byId = new Map(operators.map((o) => [o.id, o]));
        return services.flatMap((service) => {
          const operator = byId.get(service.operatorId);
          return operator ? [{ service, operator }] : [];
        });
      }),
    ),
    load(routeSeatsSold(db, { ...route, date })),
  ]);
  return [rows, seats] as const;
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
