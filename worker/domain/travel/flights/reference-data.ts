/**
 * The offline flight supplier's reference data (issue 27): seeded into D1 by migration 0022, which was written from
 * these lists (`npx tsx worker/domain/travel/flights/reference-data.ts` prints its INSERTs). Block times and typical
 * economy fares booked 2–4 weeks out, from public figures (docs/decisions/0053).
 */
export const AIRPORTS: [code: string, name: string, city: string, cityCode: string, terminals: string][] = [
  ["DEL", "Indira Gandhi International Airport", "New Delhi", "DEL", "1,2,3"],
  ["BOM", "Chhatrapati Shivaji Maharaj International Airport", "Mumbai", "BOM", "1,2"],
  ["BLR", "Kempegowda International Airport", "Bengaluru", "BLR", "1,2"],
  ["MAA", "Chennai International Airport", "Chennai", "MAA", "1,4"],
  ["CCU", "Netaji Subhas Chandra Bose International Airport", "Kolkata", "CCU", "1,2"],
  ["HYD", "Rajiv Gandhi International Airport", "Hyderabad", "HYD", "1"],
  ["GOI", "Dabolim Airport", "Goa", "GOA", "1"],
  ["GOX", "Manohar International Airport, Mopa", "Goa", "GOA", "1"],
  ["COK", "Cochin International Airport", "Kochi", "COK", "1,2"],
  ["PNQ", "Pune Airport", "Pune", "PNQ", "1"],
  ["JAI", "Jaipur International Airport", "Jaipur", "JAI", "2"],
  ["AMD", "Sardar Vallabhbhai Patel International Airport", "Ahmedabad", "AMD", "1"],
  ["SXR", "Srinagar International Airport", "Srinagar", "SXR", "1"],
  ["LKO", "Chaudhary Charan Singh International Airport", "Lucknow", "LKO", "3"],
  ["VNS", "Lal Bahadur Shastri International Airport", "Varanasi", "VNS", "1"],
  ["GAU", "Lokpriya Gopinath Bordoloi International Airport", "Guwahati", "GAU", "1"],
  ["IXB", "Bagdogra Airport", "Siliguri", "IXB", "1"],
  ["ATQ", "Sri Guru Ram Dass Jee International Airport", "Amritsar", "ATQ", "1"],
  ["TRV", "Thiruvananthapuram International Airport", "Thiruvananthapuram", "TRV", "1"],
];

export const CARRIERS: [code: string, name: string, lowCost: 0 | 1, business: 0 | 1][] = [
  ["6E", "IndiGo", 1, 0],
  ["AI", "Air India", 0, 1],
  ["IX", "Air India Express", 1, 0],
  ["QP", "Akasa Air", 1, 0],
  ["SG", "SpiceJet", 1, 0],
];

/** One direction each (the other is the same); minutes and rupees. */
export const ROUTES: [a: string, b: string, minutes: number, rupees: number][] = [
  ["DEL", "BOM", 130, 5500],
  ["DEL", "BLR", 170, 7000],
  ["DEL", "MAA", 170, 6500],
  ["DEL", "CCU", 130, 5500],
  ["DEL", "HYD", 135, 5500],
  ["DEL", "GOI", 155, 6000],
  ["DEL", "GOX", 155, 6200],
  ["DEL", "COK", 195, 7500],
  ["DEL", "PNQ", 130, 5500],
  ["DEL", "AMD", 95, 4200],
  ["DEL", "JAI", 60, 3000],
  ["DEL", "SXR", 85, 5000],
  ["DEL", "LKO", 70, 3500],
  ["DEL", "VNS", 90, 4200],
  ["DEL", "GAU", 150, 6500],
  ["DEL", "IXB", 125, 6000],
  ["DEL", "ATQ", 70, 3500],
  ["BOM", "BLR", 105, 4000],
  ["BOM", "HYD", 85, 3800],
  ["BOM", "GOI", 75, 3500],
  ["BOM", "GOX", 75, 3600],
  ["BOM", "COK", 120, 4500],
  ["BOM", "CCU", 165, 6000],
  ["BOM", "MAA", 115, 4500],
  ["BOM", "AMD", 70, 3200],
  ["BOM", "JAI", 115, 4500],
  ["BOM", "LKO", 130, 5000],
  ["BLR", "MAA", 60, 2800],
  ["BLR", "HYD", 75, 3200],
  ["BLR", "COK", 70, 3000],
  ["BLR", "CCU", 155, 6000],
  ["BLR", "GOI", 70, 3200],
  ["BLR", "PNQ", 95, 3800],
  ["BLR", "AMD", 135, 5000],
  ["BLR", "JAI", 165, 6000],
  ["BLR", "TRV", 75, 3500],
  ["MAA", "CCU", 140, 5200],
  ["MAA", "HYD", 75, 3200],
  ["MAA", "COK", 75, 3200],
  ["MAA", "GOI", 90, 4000],
  ["MAA", "TRV", 75, 3200],
  ["HYD", "CCU", 125, 4800],
  ["HYD", "GOI", 80, 3500],
  ["HYD", "PNQ", 75, 3200],
  ["HYD", "COK", 95, 3800],
  ["CCU", "GAU", 75, 3500],
  ["CCU", "IXB", 60, 3200],
  ["PNQ", "CCU", 150, 5500],
];

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The migration's INSERT statements (each its own statement for wrangler and the tests' migration runner). */
export function referenceInserts() {
  return [
    `INSERT INTO airports (code, name, city, city_code, terminals) VALUES ${AIRPORTS.map((a) => `(${a.map((v) => q(v)).join(", ")})`).join(", ")};`,
    `INSERT INTO carriers (code, name, low_cost, business) VALUES ${CARRIERS.map(([c, n, l, b]) => `(${q(c)}, ${q(n)}, ${l}, ${b})`).join(", ")};`,
    `INSERT INTO flight_routes (origin, destination, block_minutes, base_fare) VALUES ${ROUTES.flatMap(([a, b, m, r]) => [
      `(${q(a)}, ${q(b)}, ${m}, ${r * 100})`,
      `(${q(b)}, ${q(a)}, ${m}, ${r * 100})`,
    ]).join(", ")};`,
  ];
}

// Run as a script (`npx tsx …/reference-data.ts`), it prints the SQL; in a Worker (with or without nodejs_compat) it does nothing.
if (typeof process !== "undefined" && process.argv?.[1]?.endsWith("reference-data.ts"))
  console.log(referenceInserts().join("\n--> statement-breakpoint\n"));
