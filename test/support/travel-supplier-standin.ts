/**
 * A local stand-in of a hotel and a bus aggregator's HTTP APIs for the Worker's outbound fetches (Miniflare's
 * outboundService), so the aggregator adapters (worker/domain/travel/hotels/aggregator.ts, buses/aggregator.ts) run end
 * to end offline. It speaks the contract the README documents (ADR 0047), under a bearer key:
 * - hotels (HOTEL_SUPPLIER_URL = https://hotels.standin.test/v1/): `GET facilities`, `GET hotels/{id}` (404 unknown),
 *   `POST rates` (hotel ids or a city, the stay) → rates per room type and meal plan, GST by slab, nightly prices;
 * - buses (BUS_SUPPLIER_URL = https://buses.standin.test/v1/): `POST search` (origin, destination, date) → trips,
 *   `GET trips/{serviceId}/{date}/seats` → the trip and its seat map (404 unknown).
 * A wrong key is a 401. `mode` makes it slow (answers after 5 s), unreadable (JSON in another shape) or down (503).
 * Every request is recorded.
 */

export const HOTEL_STANDIN_URL = "https://hotels.standin.test/v1/";
export const BUS_STANDIN_URL = "https://buses.standin.test/v1/";
export const STANDIN_KEY = "standin-key-7c1f";

const HOTEL_ID = "agg-goa-1001";
const SERVICE_ID = "agg-bus-77";

const facilities = [
  { code: "WIFI", group: "GEN", groupName: "General", name: "Free Wi-Fi" },
  { code: "POOL", group: "LEISURE", groupName: "Leisure", name: "Swimming pool" },
];

const hotel = {
  id: HOTEL_ID,
  name: "Aguada Cliff Retreat",
  city: "Goa",
  area: "Candolim",
  starRating: 4,
  propertyType: "Resort",
  address: "Fort Aguada Road, Candolim, Goa 403515",
  geo: { lat: 15.4929, lng: 73.7738 },
  description: "A cliffside resort above Sinquerim beach, from the stand-in aggregator.",
  images: [{ url: "https://images.standin.test/aguada-1.jpg", caption: "The pool at sunset" }],
  checkInTime: "14:00",
  checkOutTime: "11:00",
  facilities: facilities.map((f) => ({ ...f, paid: false })),
  rooms: [
    {
      code: "DLX",
      name: "Deluxe sea view",
      beds: "1 king bed",
      sizeSqm: 32,
      maxOccupancy: { adults: 2, children: 1, total: 3 },
      facilities: ["AC", "TV"],
      image: "https://images.standin.test/aguada-dlx.jpg",
    },
  ],
  policies: { childAgeMax: 11, coupleFriendly: true, petsAllowed: false, idRequired: true, localIdAllowed: true, notes: [] },
  rating: { average: 4.4, count: 812 },
};

const day = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Two rates for the stay: room only, not refundable, and with breakfast, refundable until two days before. */
function ratesFor(stay: { checkIn: string; checkOut: string; rooms: unknown[] }) {
  const nights = Math.round((Date.parse(stay.checkOut) - Date.parse(stay.checkIn)) / 86_400_000);
  const rooms = stay.rooms.length;
  return (
    [
      ["EP", "Room only", false, 6_000_00],
      ["CP", "Breakfast included", true, 7_000_00],
    ] as const
  ).map(([mealPlan, mealPlanName, refundable, perNight]) => {
    const nightly = Array.from({ length: nights }, (_, n) => ({ date: day(stay.checkIn, n), amount: perNight * rooms }));
    const base = nightly.reduce((s, n) => s + n.amount, 0);
    const tax = Math.round(base * 0.05);
    return {
      roomCode: "DLX",
      roomName: "Deluxe sea view",
      mealPlan,
      mealPlanName,
      refundable,
      freeCancellationUntil: refundable ? `${day(stay.checkIn, -2)}T06:30:00.000Z` : null,
      roomsLeft: 4,
      nightly,
      base,
      taxes: [{ label: "GST 5%", rate: 5, amount: tax }],
      tax,
      total: base + tax,
      inclusions: mealPlan === "CP" ? ["Breakfast", "Free cancellation"] : ["Room only"],
    };
  });
}

function tripOn(date: string) {
  const stop = (id: string, name: string, time: string) => ({ id, name, landmark: name, address: `${name} bus stand`, time, phone: null });
  return {
    serviceId: SERVICE_ID,
    date,
    origin: "Bengaluru",
    destination: "Chennai",
    operator: { id: "agg-op-1", name: "Kaveri Express (stand-in)", rating: 4.2, phone: "+91 80000 00000", stateTransport: false },
    busType: { label: "AC sleeper (2+1)", ac: true, sleeper: true },
    departureAt: `${date}T16:30:00.000Z`,
    arrivalAt: `${day(date, 1)}T00:00:00.000Z`,
    durationMin: 450,
    seatsTotal: 4,
    seatsLeft: 3,
    windowSeatsLeft: 2,
    fare: 1_000_00,
    gstRate: 5,
    farePerSeat: 1_050_00,
    boardingPoints: [stop("bp1", "Majestic", "22:00")],
    droppingPoints: [stop("dp1", "Koyambedu", "05:30")],
    amenities: ["Water bottle", "Charging point"],
    cancellation: [{ hoursBefore: 24, chargePercent: 10 }],
    maxSeatsPerBooking: 6,
  };
}

const seats = [
  { name: "L1", deck: "lower", row: 1, col: 1, berth: true, window: true, available: true },
  { name: "L2", deck: "lower", row: 1, col: 2, berth: true, window: false, available: true },
  { name: "U1", deck: "upper", row: 1, col: 1, berth: true, window: true, available: true },
  { name: "U2", deck: "upper", row: 1, col: 2, berth: true, window: false, available: false },
] as const;

export type StandInMode = "ok" | "slow" | "unreadable" | "down";

export function travelSupplierStandIn() {
  const requests: { method: string; url: string; authorization: string | null; body: any }[] = [];
  let mode: StandInMode = "ok";

  async function outbound(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const text = request.method === "GET" ? "" : await request.text();
    const body = text ? JSON.parse(text) : undefined;
    requests.push({ method: request.method, url: url.href, authorization: request.headers.get("authorization"), body });
    if (mode === "slow") await new Promise((resolve) => setTimeout(resolve, 5_000));
    if (mode === "down") return new Response("Service unavailable", { status: 503 });
    if (request.headers.get("authorization") !== `Bearer ${STANDIN_KEY}`) return Response.json({ error: "unauthorized" }, { status: 401 });
    if (mode === "unreadable") return Response.json({ Status: { Code: 200 }, HotelResult: [] });
    const json = (value: unknown) => Response.json(value);
    const path = url.href.startsWith(HOTEL_STANDIN_URL)
      ? `hotels:${url.href.slice(HOTEL_STANDIN_URL.length)}`
      : url.href.startsWith(BUS_STANDIN_URL)
        ? `buses:${url.href.slice(BUS_STANDIN_URL.length)}`
        : null;
    if (path === "hotels:facilities") return json(facilities);
    if (path?.startsWith("hotels:hotels/"))
      return path === `hotels:hotels/${HOTEL_ID}` ? json(hotel) : Response.json({ error: "not found" }, { status: 404 });
    if (path === "hotels:rates" && request.method === "POST") {
      const wanted = body.hotelIds ? body.hotelIds.includes(HOTEL_ID) : String(body.city).toLowerCase() === "goa";
      const { rates: _, ...summary } = { ...hotel, rates: null };
      return json(
        wanted
          ? [
              {
                hotelId: HOTEL_ID,
                name: summary.name,
                city: summary.city,
                area: summary.area,
                starRating: summary.starRating,
                image: summary.images[0].url,
                rating: summary.rating,
                rates: ratesFor(body),
              },
            ]
          : [],
      );
    }
    if (path === "buses:search" && request.method === "POST")
      return json(
        String(body.origin).toLowerCase() === "bengaluru" && String(body.destination).toLowerCase() === "chennai"
          ? [tripOn(body.date)]
          : [],
      );
    const seatsPath = path && /^buses:trips\/([^/]+)\/([^/]+)\/seats$/.exec(path);
    if (seatsPath)
      return seatsPath[1] === SERVICE_ID
        ? json({ trip: tripOn(seatsPath[2]), seats })
        : Response.json({ error: "not found" }, { status: 404 });
    return new Response("No such endpoint in the stand-in", { status: 502 });
  }

  return {
    outbound,
    requests,
    hotelId: HOTEL_ID,
    serviceId: SERVICE_ID,
    setMode(next: StandInMode) {
      mode = next;
    },
  };
}
