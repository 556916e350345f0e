// npm run dev: the real Worker in workerd (wrangler dev) plus a rebuild of the Remix app on every change
// under app/, worker/ or drizzle/. wrangler dev reloads the Worker when the build output changes.
import { spawn } from "node:child_process";
import { watch } from "node:fs";
import { banner, build, ensureDevVars, migrateLocal, seedLocalIfEmpty, serve } from "./lib.mjs";

ensureDevVars();
build();
migrateLocal();
seedLocalIfEmpty();
banner();
serve();

let timer = null;
let building = false;
let again = false;
function rebuild() {
  if (building) {
    again = true;
    return;
  }
  building = true;
  const started = Date.now();
  const child = spawn("npx", ["remix", "vite:build", "--logLevel", "warn"], { stdio: "inherit" });
  child.on("exit", (code) => {
    building = false;
    console.log(code === 0 ? `↻ rebuilt in ${Date.now() - started} ms` : "✖ build failed; fix the error and save again");
    if (again) {
      again = false;
      rebuild();
    }
  });
}
for (const dir of ["app", "worker", "drizzle"]) {
  watch(dir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(rebuild, 150);
  });
}
