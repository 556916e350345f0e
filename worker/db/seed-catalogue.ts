/**
 * The demo sellers' catalogue (issue 26, ADR 0045): hotels with room types, meal plans, add-ons and day-by-day
 * itineraries on some of their packages, so a fresh start shows every choice. Idempotent like the rest of the seed.
 */
const q = (v: unknown): string =>
  v === null || v === undefined ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
const rupees = (r: number) => r * 100;

const HOTELS: { id: string; sellerId: string; name: string; city: string; stars: number; packages: string[] }[] = [
  {
    id: "ht_sea_shell",
    sellerId: "s_wanderlust",
    name: "SeaShell Havelock",
    city: "Havelock Island",
    stars: 4,
    packages: ["p_port_blair"],
  },
  { id: "ht_coral_reef", sellerId: "s_wanderlust", name: "Coral Reef Resort", city: "Port Blair", stars: 3, packages: ["p_port_blair"] },
  { id: "ht_goa_palms", sellerId: "s_wanderlust", name: "Palm Grove Candolim", city: "Goa", stars: 4, packages: [] },
  { id: "ht_spiti_stay", sellerId: "s_himalayan", name: "Kaza Mountain Lodge", city: "Kaza", stars: 2, packages: ["p_spiti"] },
];

const ROOMS = [
  { id: "rt_sea_shell_deluxe", hotelId: "ht_sea_shell", name: "Deluxe sea view", occupancy: 2, price: 4500 },
  { id: "rt_sea_shell_suite", hotelId: "ht_sea_shell", name: "Family suite", occupancy: 4, price: 8200 },
  { id: "rt_coral_standard", hotelId: "ht_coral_reef", name: "Standard double", occupancy: 2, price: 2800 },
  { id: "rt_goa_garden", hotelId: "ht_goa_palms", name: "Garden room", occupancy: 2, price: 3200 },
  { id: "rt_goa_pool", hotelId: "ht_goa_palms", name: "Pool view", occupancy: 3, price: 5400 },
  { id: "rt_spiti_twin", hotelId: "ht_spiti_stay", name: "Twin room", occupancy: 2, price: 1900 },
];

const MEAL_PLANS = [
  { packageId: "p_port_blair", sellerId: "s_wanderlust", plans: { EP: 0, CP: 450, MAP: 1100, AP: 1650 } },
  { packageId: "p_goa", sellerId: "s_wanderlust", plans: { CP: 400, MAP: 950 } },
  { packageId: "p_spiti", sellerId: "s_himalayan", plans: { MAP: 700, AP: 1000 } },
];

const ADDONS = [
  {
    id: "ad_scuba",
    sellerId: "s_wanderlust",
    name: "Scuba dive at Havelock",
    description: "A 40-minute shore dive with an instructor.",
    price: 4500,
    unit: "person",
    max: 2,
    packages: ["p_port_blair"],
  },
  {
    id: "ad_airport",
    sellerId: "s_wanderlust",
    name: "Private airport pick-up",
    description: "A car for the party from the airport to the hotel.",
    price: 1200,
    unit: "booking",
    max: 1,
    packages: ["p_port_blair", "p_goa"],
  },
  {
    id: "ad_cruise",
    sellerId: "s_wanderlust",
    name: "Sunset cruise on the Mandovi",
    description: "",
    price: 900,
    unit: "person",
    max: 1,
    packages: ["p_goa"],
  },
  {
    id: "ad_heater",
    sellerId: "s_himalayan",
    name: "Room heater",
    description: "For the cold nights at Kaza.",
    price: 500,
    unit: "night",
    max: 1,
    packages: ["p_spiti"],
  },
];

const day = (title: string, details: string, overnight: string, meals: string) => ({ title, details, overnight, meals });
const ITINERARIES: Record<string, ReturnType<typeof day>[]> = {
  p_port_blair: [
    day("Arrive in Port Blair", "Transfer to the hotel; the Cellular Jail light and sound show in the evening.", "Port Blair", "Dinner"),
    day("Ferry to Havelock", "Morning ferry to Havelock; afternoon at Radhanagar beach.", "Havelock Island", "Breakfast, dinner"),
    day("Elephant beach", "Snorkelling at Elephant beach.", "Havelock Island", "Breakfast, dinner"),
    day("Neil Island", "Ferry to Neil; the natural bridge and Bharatpur beach.", "Port Blair", "Breakfast"),
    day("Ross Island", "Ross Island's ruins and North Bay.", "Port Blair", "Breakfast, dinner"),
    day("Departure", "Transfer to the airport.", "", "Breakfast"),
  ],
  p_goa: [
    day("Arrive in Goa", "Check in at Candolim; an evening on the beach.", "Candolim", "Dinner"),
    day("North Goa", "Fort Aguada, Baga and Anjuna.", "Candolim", "Breakfast"),
    day("Old Goa", "The churches of Old Goa and a spice farm.", "Candolim", "Breakfast"),
  ],
  p_spiti: [
    day("Manali to Kaza", "Over Kunzum pass into the Spiti valley.", "Kaza", "Dinner"),
    day("Key and Kibber", "Key monastery and the village of Kibber.", "Kaza", "Breakfast, dinner"),
  ],
};

export function catalogueStatements(): string[] {
  const out: string[] = [];
  for (const h of HOTELS) {
    out.push(
      `INSERT OR IGNORE INTO hotels (id, seller_id, name, city, stars, image) VALUES (${[h.id, h.sellerId, h.name, h.city, h.stars, null].map(q).join(", ")});`,
    );
    for (const p of h.packages)
      out.push(
        `INSERT OR IGNORE INTO package_hotels (package_id, hotel_id, seller_id) VALUES (${[p, h.id, h.sellerId].map(q).join(", ")});`,
      );
  }
  for (const r of ROOMS) {
    const sellerId = HOTELS.find((h) => h.id === r.hotelId)?.sellerId;
    out.push(
      `INSERT OR IGNORE INTO room_types (id, seller_id, hotel_id, name, occupancy, price_per_night) VALUES (${[r.id, sellerId, r.hotelId, r.name, r.occupancy, rupees(r.price)].map(q).join(", ")});`,
    );
  }
  for (const m of MEAL_PLANS)
    for (const [code, supplement] of Object.entries(m.plans))
      out.push(
        `INSERT OR IGNORE INTO package_meal_plans (package_id, code, seller_id, supplement) VALUES (${[m.packageId, code, m.sellerId, rupees(supplement)].map(q).join(", ")});`,
      );
  for (const a of ADDONS) {
    out.push(
      `INSERT OR IGNORE INTO addons (id, seller_id, name, description, price, unit, max_quantity) VALUES (${[a.id, a.sellerId, a.name, a.description, rupees(a.price), a.unit, a.max].map(q).join(", ")});`,
    );
    for (const p of a.packages)
      out.push(
        `INSERT OR IGNORE INTO package_addons (package_id, addon_id, seller_id) VALUES (${[p, a.id, a.sellerId].map(q).join(", ")});`,
      );
  }
  for (const [packageId, days] of Object.entries(ITINERARIES))
    out.push(
      `UPDATE packages SET itinerary = ${q(JSON.stringify(days.map((d, i) => ({ day: i + 1, ...d }))))} WHERE id = ${q(packageId)} AND itinerary = '[]';`,
    );
  return out;
}
