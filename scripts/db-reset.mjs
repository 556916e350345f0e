// npm run db:reset: delete the local D1, re-apply every migration and seed it again.
import { rmSync } from "node:fs";
import { ensureDevVars, migrateLocal, seedLocalIfEmpty } from "./lib.mjs";

ensureDevVars();
rmSync(".wrangler/state/v3/d1", { recursive: true, force: true });
migrateLocal();
seedLocalIfEmpty();
