// npm start: build, migrate and seed the local D1, then serve the built Worker in workerd.
import { banner, build, ensureDevVars, migrateLocal, seedLocalIfEmpty, serve } from "./lib.mjs";

ensureDevVars();
build();
migrateLocal();
seedLocalIfEmpty();
banner();
serve();
