import { asc, eq, inArray, sql } from "drizzle-orm";
import { stayFacilities, stayHotels, stayRooms } from "@db/stays-and-buses";
import { type Reader, preparedRead } from "../../../db/batcher";
import type { Db } from "../../../db/client";
import type { SupplierContext } from "../offer";
import { catalogue } from "../catalogue-cache";
import { stopIfAborted } from "../supplier";
import { priceRate, ratePlansOf } from "./pricing";
import type { Facility, HotelContent, HotelRatesQuery, HotelSupplier, SupplierHotelRates } from "./types";

type HotelRow = typeof stayHotels.$inferSelect;
type RoomRow = typeof stayRooms.$inferSelect;

/** At most this many hotels a city search prices (the seed has a handful a city). */
const CITY_LIMIT = 40;

// The reads a hotel page and a city search make, prepared once per isolate (ADR 0016): only the values are bound.
const facilityRows = preparedRead((db: Db) => db.select().from(stayFacilities).orderBy(asc(stayFacilities.sort), asc(stayFacilities.code)));
const hotelRow = preparedRead((db: Db) =>
  db
    .select()
    .from(stayHotels)
    .where(eq(stayHotels.id, sql.placeholder("hotelId")))
    .limit(1),
);
const roomRowsOf = preparedRead((db: Db) =>
  db
    .select()
    .from(stayRooms)
    .where(eq(stayRooms.hotelId, sql.placeholder("hotelId")))
    .orderBy(asc(stayRooms.sort)),
);
const inCity = eq(sql`lower(${stayHotels.city})`, sql.placeholder("city"));
const cityHotelRows = preparedRead((db: Db) =>
  db.select().from(stayHotels).where(inCity).orderBy(sql`${stayHotels.stars} desc`, asc(stayHotels.name)).limit(CITY_LIMIT),
);
const cityRoomRows = preparedRead((db: Db) =>
  db
    .select()
    .from(stayRooms)
    .where(inArray(stayRooms.hotelId, db.select({ id: stayHotels.id }).from(stayHotels).where(inCity)))
    .orderBy(asc(stayRooms.sort)),
);

/** The facility list: catalogue, read once per isolate. */
const facilitiesRead = ({ db, load }: Reader) => catalogue("hotel-facilities", "all", () => load(facilityRows(db, {})));

/**
 * A hotel's row and rooms: catalogue, read once per isolate (../catalogue-cache.ts). The request that reads them asks
 * twice (its page wants the content and the rates) and gets one read: the read under way is shared within that
 * request only, keyed by its reader, never across requests.
 */
const reading = new WeakMap<Reader, Map<string, Promise<[HotelRow[], RoomRow[]]>>>();
const hotelAndRooms = (reader: Reader, hotelId: string) =>
  catalogue("hotel", hotelId, () => {
    const byId = reading.get(reader) ?? new Map<string, Promise<[HotelRow[], RoomRow[]]>>();
    reading.set(reader, byId);
    let read = byId.get(hotelId);
    if (!read) {
      const { db, load } = reader;
      read = Promise.all([load(hotelRow(db, { hotelId })), load(roomRowsOf(db, { hotelId }))]);
      byId.set(hotelId, read);
    }
    return read;
  });
const cityHotels = ({ db, load }: Reader, city: string) =>
  catalogue("hotel-city", city, () => Promise.all([load(cityHotelRows(db, { city })), load(cityRoomRows(db, { city }))]));

const toFacility = (f: typeof stayFacilities.$inferSelect): Facility => ({
  code: f.code,
  group: f.groupCode,
  groupName: f.groupName,
  name: f.name,
});

const ratingOf = (h: HotelRow) => ({ average: h.rating / 10, count: h.ratingCount });

function contentOf(hotel: HotelRow, rooms: RoomRow[], facilities: Facility[]): HotelContent {
  const byCode = new Map(facilities.map((f) => [f.code, f]));
  return {
    id: hotel.id,
    name: hotel.name,
    city: hotel.city,
    area: hotel.area,
    starRating: hotel.stars,
    propertyType: hotel.propertyType,
    address: hotel.address,
    geo: { lat: hotel.lat / 1e6, lng: hotel.lng / 1e6 },
    description: hotel.description,
    images: hotel.images,
    checkInTime: hotel.checkInTime,
    checkOutTime: hotel.checkOutTime,
    facilities: hotel.facilities.flatMap((ref) => {
      const f = byCode.get(ref.code);
      return f ? [{ ...f, paid: ref.paid }] : [];
    }),
    rooms: rooms.map((r) => ({
      code: r.code,
      name: r.name,
      beds: r.beds,
      sizeSqm: r.sizeSqm,
      maxOccupancy: { adults: r.maxAdults, children: r.maxChildren, total: r.maxTotal },
      facilities: r.facilities,
      image: r.image,
    })),
    policies: hotel.policies,
    rating: ratingOf(hotel),
  };
}

/** Every rate of every room type of these hotels that fits the stay, cheapest first within a hotel. */
function ratesOf(hotels: HotelRow[], rooms: RoomRow[], query: HotelRatesQuery, now: Date): SupplierHotelRates[] {
  return hotels.map((hotel) => {
    const rates = rooms
      .filter((r) => r.hotelId === hotel.id)
      .flatMap((room) =>
        ratePlansOf(hotel.stars).flatMap(({ plan, refundable }) => {
          const rate = priceRate(hotel, room, query, plan, refundable, now);
          return rate ? [{ ...rate, roomName: room.name }] : [];
        }),
      )
      .sort((a, b) => a.total - b.total);
    return {
      hotelId: hotel.id,
      name: hotel.name,
      city: hotel.city,
      area: hotel.area,
      starRating: hotel.stars,
      image: hotel.images[0]?.url ?? null,
      rating: ratingOf(hotel),
      rates,
    };
  });
}

/** The built-in supplier: seeded D1 tables and the deterministic generator of pricing.ts. */
export const offlineHotelSupplier: HotelSupplier = {
  name: "offline",
  async facilities(reader, context: SupplierContext) {
    stopIfAborted(context.signal);
    return (await facilitiesRead(reader)).map(toFacility);
  },
  async content(reader, hotelId, context) {
    stopIfAborted(context.signal);
    const [[hotels, rooms], facilities] = await Promise.all([hotelAndRooms(reader, hotelId), facilitiesRead(reader)]);
    return hotels[0] ? contentOf(hotels[0], rooms, facilities.map(toFacility)) : null;
  },
  async rates(reader, query, context) {
    stopIfAborted(context.signal);
    const { db, load } = reader;
    const byIds = query.hotelIds !== undefined;
    if (!byIds || query.hotelIds.length === 1) {
      // A hotel's page or a city: the prepared reads (a hotel's reads are the same its content takes).
      const [hotels, rooms] = byIds
        ? await hotelAndRooms(reader, query.hotelIds[0])
        : await cityHotels(reader, query.city.trim().toLowerCase());
      stopIfAborted(context.signal);
      return ratesOf(hotels, rooms, query, context.now);
    }
    const where = inArray(stayHotels.id, query.hotelIds);
    // One batch: the hotels and their rooms (by the same condition through a subquery), never a second round trip.
    const hotelIds = db.select({ id: stayHotels.id }).from(stayHotels).where(where);
    const [hotels, rooms] = await Promise.all([
      load(db.select().from(stayHotels).where(where).orderBy(sql`${stayHotels.stars} desc`, asc(stayHotels.name)).limit(CITY_LIMIT)),
      load(db.select().from(stayRooms).where(inArray(stayRooms.hotelId, hotelIds)).orderBy(asc(stayRooms.sort))),
    ]);
    stopIfAborted(context.signal);
    return ratesOf(hotels, rooms, query, context.now);
  },
};
