// npm run dev: the real Worker in workerd (wrangler dev) plus a rebuild of the Remix app on every change
// under app/, worker/ or drizzle/. wrangler dev reloads the Worker when the build output changes.
import { spawn } from "node:child_process";
import { cpSync, rmSync, watch } from "node:fs";
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
  const staging = ".cache/dev-build";
  rmSync(staging, { recursive: true, force: true });
  const child = spawn("npx", ["remix", "vite:build", "--logLevel", "warn"], {
    stdio: "inherit",
    env: { ...process.env, TB_BUILD_DIR: staging },
  });
  child.on("exit", (code) => {
    building = false;
    // Client assets first, then the server build that wrangler watches and reloads on.
    if (code === 0) {
      cpSync(`${staging}/client`, "build/client", { recursive: true });
      cpSync(`${staging}/server`, "build/server", { recursive: true });
    }
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
