import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

/**
 * Vitest's global setup (vitest.config.ts): the integration and end-to-end tests run the built Worker
 * (dist/index.js) with the built assets (build/client), and neither `vitest` nor `npm run test:integration` or
 * `test:e2e` builds them. A run of any project but the unit tests refuses to start, in one line, when the build is
 * missing or older than what it is built from, instead of testing yesterday's code. Unit tests need no build.
 */

const root = fileURLToPath(new URL("../../", import.meta.url));
/** What the build is made from: the app, the Worker, the schema and migrations, static files and the build's own configuration. */
const SOURCES = ["app", "worker", "drizzle", "public", "migrations", "vite.config.ts", "wrangler.toml", "package-lock.json"];
const REBUILD = "run npm run build && npx wrangler deploy --dry-run --outdir dist, or npm test";

type Stamp = { path: string; mtimeMs: number };

/** The most recently modified file at or under `path` (relative to the project root), or null if there is none. */
function newestFile(path: string): Stamp | null {
  const full = join(root, path);
  if (!existsSync(full)) return null;
  const stat = statSync(full);
  if (!stat.isDirectory()) return { path, mtimeMs: stat.mtimeMs };
  let newest: Stamp | null = null;
  for (const entry of readdirSync(full)) {
    const found = newestFile(join(path, entry));
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

/** Why the build cannot be tested as it is, or null when dist/index.js and build/client are newer than every source. */
export function staleBuild(): string | null {
  const sources = SOURCES.map(newestFile).filter((s): s is Stamp => s !== null);
  const source = sources.reduce((a, b) => (b.mtimeMs > a.mtimeMs ? b : a));
  // The client build's manifest (build/client/assets/manifest-<hash>.js) is written by every `remix vite:build`.
  const assets = join(root, "build/client/assets");
  const manifests = existsSync(assets) ? readdirSync(assets).filter((f) => /^manifest-.*\.js$/.test(f)) : [];
  const manifest = manifests
    .map((f) => ({ path: `build/client/assets/${f}`, mtimeMs: statSync(join(assets, f)).mtimeMs }))
    .reduce<Stamp | null>((a, b) => (!a || b.mtimeMs > a.mtimeMs ? b : a), null);
  const worker = newestFile("dist/index.js");

  if (!manifest) return `build/client has no manifest (the app is not built): ${REBUILD}`;
  if (!worker) return `dist/index.js is missing (the Worker is not bundled): ${REBUILD}`;
  if (manifest.mtimeMs < source.mtimeMs) return `build/client is older than ${source.path}: ${REBUILD}`;
  if (worker.mtimeMs < source.mtimeMs) return `dist/index.js is older than ${source.path}: ${REBUILD}`;
  if (worker.mtimeMs < manifest.mtimeMs)
    return "dist/index.js is older than build/client: run npx wrangler deploy --dry-run --outdir dist, or npm test";
  return null;
}

/** Projects whose tests never load the build. Any other project (integration, e2e, and any added later) needs it. */
const NO_BUILD = new Set(["unit"]);

/** Called once for each project that has files to run, and for the root project (which runs none). */
export default function freshBuild(project: TestProject) {
  if (project.isRootProject() || NO_BUILD.has(project.name)) return;
  const reason = staleBuild();
  if (!reason) return;
  // One line and a failed run, before any worker or browser starts: a thrown error would bury the reason under
  // vitest's "no test files found" report.
  console.error(`✖ ${project.name} tests not started: ${reason}`);
  process.exit(1);
}
