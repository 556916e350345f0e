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
