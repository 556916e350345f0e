// npm start's seed (scripts/lib.mjs, seedLocalIfEmpty) in one process: wrangler's own local bindings
// (getPlatformProxy) open the D1 and R2 that `wrangler dev` then serves. On a database without users it writes the
// seed in one batch (its dates relative to today, the passwords hashed with .dev.vars's pepper at the full iteration
// count) and puts the waiting student ID's document where the superadmin's queue opens it. TB_STATE_DIR, as
// `--persist-to` for the wrangler commands, puts the local state elsewhere.
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { hashPassword } from "../worker/auth/password";
import { DEMO_PASSWORD, SEED_USERS, seedStatements } from "../worker/db/seed-data";
import { SEED_PENDING_STUDENT, seedStudentDocument } from "../worker/db/seed-operator";
import type { Env } from "../worker/env";
import { devVar } from "./lib.mjs";

// wrangler keeps a persist folder's Miniflare state under v3/ (as `--persist-to` does).
const { env, dispose } = await getPlatformProxy<Env>({ persist: { path: join(process.env.TB_STATE_DIR ?? ".wrangler/state", "v3") } });
try {
  const users = await env.DB.prepare("SELECT count(*) AS n FROM users").first<number>("n");
  if (users) {
    console.log(`Database already has ${users} users; seed skipped.`);
  } else {
    const pepper = devVar("PASSWORD_PEPPER");
    if (!pepper) throw new Error("PASSWORD_PEPPER is missing from .dev.vars");
    const hashes = Object.fromEntries(await Promise.all(SEED_USERS.map(async (u) => [u.id, await hashPassword(DEMO_PASSWORD, pepper)])));
    await env.DB.batch(seedStatements(hashes, new Date()).map((sql) => env.DB.prepare(sql)));
    if (!env.MEDIA) throw new Error("wrangler.toml binds no MEDIA bucket");
    await env.MEDIA.put(SEED_PENDING_STUDENT.documentKey, seedStudentDocument(), {
      httpMetadata: { contentType: SEED_PENDING_STUDENT.documentType },
    });
    console.log("Seeded the local database with the demo data.");
  }
} finally {
  await dispose();
}
