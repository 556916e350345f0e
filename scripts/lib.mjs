import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export const PORT = Number(process.env.PORT || 8787);

/** Where the local D1 and R2 live: wrangler's default (.wrangler/state), or TB_STATE_DIR (a scratch copy, e.g. for a test). */
const persist = process.env.TB_STATE_DIR ? ["--persist-to", process.env.TB_STATE_DIR] : [];

export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: "inherit", shell: false, ...options });
  if (result.status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(" ")} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
  return result;
}

export const npx = (args, options) => run("npx", args, options);

/** The middle value (the upper one of an even count), as the bench and Lighthouse runs report. */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function ensureDevVars() {
  if (!existsSync(".dev.vars")) {
    copyFileSync(".dev.vars.example", ".dev.vars");
    console.log("Created .dev.vars from .dev.vars.example (development defaults).");
  }
}

/** The newest modification time at or under `path`, 0 when it does not exist. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newest(join(path, entry))));
}

/** Builds the app, unless build/ is already newer than everything it is built from. */
export function build() {
  const sources = ["app", "worker", "drizzle", "public", "vite.config.ts", "package-lock.json"];
  const built = Math.min(newest("build/server/index.js"), newest("build/client/assets"));
  if (built > Math.max(...sources.map(newest))) {
    console.log("The build is newer than its sources; build skipped.");
    return;
  }
  npx(["remix", "vite:build"]);
}

/** Bundles the Worker exactly as `wrangler deploy` would, into dist/ (used by tests, bench and the size budget). */
export function bundleWorker() {
  npx(["wrangler", "deploy", "--dry-run", "--outdir", "dist"], { stdio: ["ignore", "ignore", "inherit"] });
}

export function migrateLocal() {
  npx(["wrangler", "d1", "migrations", "apply", "DB", "--local", ...persist], { env: { ...process.env, CI: "true" } });
}

/**
 * Seeds the local D1 and R2 unless the database already has users: one process (scripts/seed-local.ts, through
 * wrangler's local bindings) where a count, the seed's SQL, its execution and the document's upload were a wrangler
 * command each.
 */
export function seedLocalIfEmpty() {
  npx(["tsx", "scripts/seed-local.ts"]);
}

export function banner(port = PORT) {
  const base = `http://localhost:${port}`;
  console.log(`
  Tripbazaar is starting on the Workers runtime (workerd) with local D1.

    Main site                    ${base}/
    Seller site by path          ${base}/seller/wanderlust-journeys/website
    Seller site by custom domain http://wanderlust.localhost:${port}/
    Seller dashboard             ${base}/seller-dashboard
    API health                   ${base}/api/health
    Dev outbox (emails)          ${base}/api/dev/outbox?to=asha@example.com

  Demo logins (password Travel#2026 for all; demo data only):
    seller      owner@wanderlust.example   (Wanderlust Journeys)
    seller      owner@himalayan.example    (Himalayan Trails)
    customer    asha@example.com
    superadmin  admin@tripbazaar.example
`);
}

/**
 * A variable of .dev.vars (or of `text`, its contents), as wrangler reads the file: the rest of its line, trimmed,
 * without surrounding quotes; undefined when it is not there.
 */
export function devVar(name, text = existsSync(".dev.vars") ? readFileSync(".dev.vars", "utf8") : "") {
  const line = text.split("\n").find((l) => l.startsWith(`${name}=`));
  return line
    ?.slice(name.length + 1)
    .trim()
    .replace(/^["']|["']$/g, "");
}

/**
 * Where emails' links point under `npm start`: .dev.vars's PUBLIC_ORIGIN, with its port made the one the server
 * really runs on when it names the default port 8787 (so with PORT set, a link opens this server, not another).
 * An origin on another port or host is the developer's choice and kept.
 */
export function publicOriginFor(port, devVars) {
  const configured = devVar("PUBLIC_ORIGIN", devVars);
  if (!configured) return null;
  try {
    const url = new URL(configured);
    if (url.port !== "8787" || port === 8787) return null;
    url.port = String(port);
    return url.origin;
  } catch {
    return null;
  }
}

export function serve(port = PORT) {
  const origin = publicOriginFor(port);
  const child = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--show-interactive-dev-session=false",
      ...(origin ? ["--var", `PUBLIC_ORIGIN:${origin}`] : []),
      ...persist,
    ],
    {
      stdio: "inherit",
    },
  );
  for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
  child.on("exit", (code) => process.exit(code ?? 0));
  return child;
}

/**
 * Starts scripts/bench/server.ts (the production build in workerd through Miniflare) in its own process
 * group, and resolves once it prints "READY <origin> <workerd pid>". `command` lets the caller pin it
 * to a core; `stderr: "pipe"` hands the Worker's logs to the caller (child.stderr) instead of the terminal.
 */
export function startMeasureServer({ command = ["npx", "tsx", "scripts/bench/server.ts"], env = process.env, stderr = "inherit" } = {}) {
  const [cmd, ...argv] = command;
  const child = spawn(cmd, argv, { stdio: ["ignore", "pipe", stderr], detached: true, env });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = /READY (\S+) (\S+)/.exec(out);
      if (m) resolve({ child, origin: m[1], pid: Number(m[2]) || null });
    });
    child.on("exit", (code) => reject(new Error(`measurement server exited (${code})`)));
  });
}
