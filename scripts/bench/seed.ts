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
