import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * The built-in offline suppliers' inventory for hotels and buses (issue 27, ADR 0047). The platform is the merchant for
 * these, so no row carries a seller_id. Rates and trips are not stored: a deterministic generator makes them from
 * these rows and the date (worker/domain/travel/hotels/pricing.ts, buses/trips.ts). Money is integer paise.
 */

/** The facility list with stable codes, grouped (GET /api/hotels/facilities). */
export const stayFacilities = sqliteTable("stay_facilities", {
  code: text("code").primaryKey(),
  groupCode: text("group_code").notNull(),
  groupName: text("group_name").notNull(),
  name: text("name").notNull(),
  sort: integer("sort").notNull().default(0),
});

export type HotelImage = { url: string; caption: string };
export type HotelFacilityRef = { code: string; paid: boolean };
export type HotelPolicies = {
  /** Children up to this age stay as children; older ones count as adults. */
  childAgeMax: number;
  coupleFriendly: boolean;
  petsAllowed: boolean;
  idRequired: boolean;
  localIdAllowed: boolean;
  notes: string[];
};

export const stayHotels = sqliteTable(
  "stay_hotels",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** The city as travellers type it ("Goa", "Port Blair"); searched case-insensitively. */
    city: text("city").notNull(),
    area: text("area").notNull(),
    stars: integer("stars").notNull(),
    propertyType: text("property_type").notNull(),
    address: text("address").notNull(),
    lat: integer("lat_e6").notNull(),
    lng: integer("lng_e6").notNull(),
    description: text("description").notNull(),
    images: text("images", { mode: "json" }).$type<HotelImage[]>().notNull(),
    checkInTime: text("check_in_time").notNull(),
    checkOutTime: text("check_out_time").notNull(),
    policies: text("policies", { mode: "json" }).$type<HotelPolicies>().notNull(),
    facilities: text("facilities", { mode: "json" }).$type<HotelFacilityRef[]>().notNull(),
    /** The standard room's usual price per night before tax, in paise: the generator's anchor. */
    baseRate: integer("base_rate").notNull(),
    /** Average guest rating × 10 (43 = 4.3) and how many ratings. */
    rating: integer("rating").notNull(),
    ratingCount: integer("rating_count").notNull(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("stay_hotels_city_idx").on(sql`lower(${t.city})`, t.stars)],
);

export const stayRooms = sqliteTable(
  "stay_rooms",
  {
    hotelId: text("hotel_id")
      .notNull()
      .references(() => stayHotels.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    beds: text("beds").notNull(),
    sizeSqm: integer("size_sqm").notNull(),
    maxAdults: integer("max_adults").notNull(),
    maxChildren: integer("max_children").notNull(),
    maxTotal: integer("max_total").notNull(),
    /** This room's price as a percentage of the hotel's base rate (100 = the standard room). */
    rateFactor: integer("rate_factor").notNull(),
    /** Rooms of this type in the hotel: the most one stay can take on a night nobody else booked. */
    inventory: integer("inventory").notNull(),
    facilities: text("facilities", { mode: "json" }).$type<string[]>().notNull(),
    image: text("image").notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.hotelId, t.code] })],
);

export const busOperators = sqliteTable("bus_operators", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** Average rating × 10. */
  rating: integer("rating").notNull(),
  phone: text("phone").notNull(),
  stateTransport: integer("state_transport", { mode: "boolean" }).notNull().default(false),
});

export type BusStop = { id: string; name: string; landmark: string; address: string; offsetMin: number; phone?: string };
export type BusCancellationRule = { hoursBefore: number; chargePercent: number };
export const BUS_LAYOUTS = ["seater_2x2", "sleeper_2x1"] as const;
export type BusLayout = (typeof BUS_LAYOUTS)[number];

/** A daily scheduled trip of one operator on one route; a trip is a service on a date. */
export const busServices = sqliteTable(
  "bus_services",
  {
    id: text("id").primaryKey(),
    operatorId: text("operator_id")
      .notNull()
      .references(() => busOperators.id, { onDelete: "cascade" }),
    origin: text("origin").notNull(),
    destination: text("destination").notNull(),
    /** Minutes after midnight in India at the first boarding point. */
    departs: integer("departs").notNull(),
    durationMin: integer("duration_min").notNull(),
    label: text("label").notNull(),
    ac: integer("ac", { mode: "boolean" }).notNull(),
    sleeper: integer("sleeper", { mode: "boolean" }).notNull(),
    layout: text("layout", { enum: BUS_LAYOUTS }).notNull(),
    /** The usual fare per seat before tax, in paise: the generator's anchor. */
    baseFare: integer("base_fare").notNull(),
    amenities: text("amenities", { mode: "json" }).$type<string[]>().notNull(),
    boardingPoints: text("boarding_points", { mode: "json" }).$type<BusStop[]>().notNull(),
    droppingPoints: text("dropping_points", { mode: "json" }).$type<BusStop[]>().notNull(),
    cancellation: text("cancellation", { mode: "json" }).$type<BusCancellationRule[]>().notNull(),
  },
  (t) => [index("bus_services_route_idx").on(sql`lower(${t.origin})`, sql`lower(${t.destination})`)],
);

/**
 * Seats sold on a trip (a service on a date). The unique index makes a seat impossible to sell twice: the batch that
 * captures a payment inserts its seats here and fails as a whole when one is taken.
 */
export const busSeats = sqliteTable(
  "bus_seats",
  {
    serviceId: text("service_id")
      .notNull()
      .references(() => busServices.id, { onDelete: "cascade" }),
    travelDate: text("travel_date").notNull(),
    seat: text("seat").notNull(),
    bookingId: text("booking_id").notNull(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("bus_seats_trip_seat_idx").on(t.serviceId, t.travelDate, t.seat), index("bus_seats_booking_idx").on(t.bookingId)],
);
