import type { Miniflare } from "miniflare";
import { TEST_ENV } from "../../test/support/env";
import { migrationStatements } from "../../test/support/worker";
import { hashPassword } from "../../worker/auth/password";
import { DEMO_PASSWORD, SEED_USERS, seedStatements } from "../../worker/db/seed-data";

/** The measured Worker's D1: the real migrations and the seed, with production-strength password hashes. */
export async function migrateAndSeed(mf: Miniflare) {
  const d1 = await mf.getD1Database("DB");
  await d1.batch(migrationStatements().map((s) => d1.prepare(s)));
  const hashes = Object.fromEntries(
    await Promise.all(SEED_USERS.map(async (u) => [u.id, await hashPassword(DEMO_PASSWORD, TEST_ENV.PASSWORD_PEPPER)])),
  );
  await d1.batch(seedStatements(hashes, new Date()).map((s) => d1.prepare(s)));
}

/**
 * `count` more pending requests to Wanderlust (`bench_ap_1`…), copies of the seeded `bk_w1`, for the bench's approve
 * action to answer one each.
 */
export async function addPendingRequests(mf: Miniflare, count: number) {
  if (count <= 0) return;
  const d1 = await mf.getD1Database("DB");
  const { results } = await d1.prepare("SELECT name FROM pragma_table_info('bookings')").all<{ name: string }>();
  const columns = results.map((c) => c.name);
  const values = columns.map((c) => (c === "id" ? "?1" : c === "booking_ref" ? "?2" : c === "status" ? "'pending'" : `"${c}"`));
  const insert = d1.prepare(
    `INSERT INTO bookings (${columns.map((c) => `"${c}"`).join(", ")}) SELECT ${values.join(", ")} FROM bookings WHERE id = 'bk_w1'`,
  );
  await d1.batch(Array.from({ length: count }, (_, i) => insert.bind(`bench_ap_${i + 1}`, `TB-BENCH-${String(i + 1).padStart(6, "0")}`)));
}

/**
 * 60 days of a busy route for the travel searches (issue 27): seats sold on every DEL → BOM flight of every carrier
 * (`flight_inventory`, with a few fares moved) and on every Bengaluru → Chennai bus (`bus_seats`), so the searches read
 * and apply real inventory, not empty tables. The flight keys follow the offline supplier's `CODE-NUMBER:DATE` shape.
 */
export async function addBusyTravel(mf: Miniflare, now = new Date()) {
  const d1 = await mf.getD1Database("DB");
  const days = Array.from({ length: 60 }, (_, i) => new Date(now.getTime() + 5.5 * 3_600_000 + i * 86_400_000).toISOString().slice(0, 10));
  const flight = d1.prepare("INSERT OR IGNORE INTO flight_inventory (flight_key, seats_sold, fare_adjust) VALUES (?1, ?2, ?3)");
  const flights = days.flatMap((day, d) =>
    ["6E", "AI", "IX", "QP", "SG"].flatMap((carrier, c) =>
      Array.from({ length: 8 }, (_, n) => flight.bind(`${carrier}-${1000 + c * 100 + n}:${day}`, 1 + ((d + n) % 4), n === 0 ? 50_000 : 0)),
    ),
  );
  const { results: services } = await d1
    .prepare("SELECT id FROM bus_services WHERE lower(origin) = 'bengaluru' AND lower(destination) = 'chennai'")
    .all<{ id: string }>();
  const seat = d1.prepare("INSERT OR IGNORE INTO bus_seats (service_id, travel_date, seat, booking_id) VALUES (?1, ?2, ?3, ?4)");
  const seats = days.flatMap((day) =>
    services.flatMap((s) => ["1A", "1B", "2A", "2B", "3A", "3B"].map((name) => seat.bind(s.id, day, name, `bench_bus_${s.id}_${day}`))),
  );
  const all = [...flights, ...seats];
  for (let i = 0; i < all.length; i += 500) await d1.batch(all.slice(i, i + 500));
}
