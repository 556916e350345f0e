import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, normalize, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The arrows of ADR 0030, read from the import statements themselves: the domain knows nothing of HTTP or of
 * the app, the Worker imports nothing from the app, and no two files of app/ and worker/ import each other
 * round a circle. No dependency: a regex finds the specifiers, the tsconfig's paths resolve the aliases.
 */

const root = fileURLToPath(new URL("../../", import.meta.url));
type Sources = Map<string, string>;

/** Import specifiers of a module: static imports and re-exports (type-only ones too), bare imports, import(). */
function specifiersOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found: string[] = [];
  for (const m of code.matchAll(/(?:^|[;\s])(?:import|export)\s+(?:type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?["']([^"']+)["']/g))
    found.push(m[1]);
  for (const m of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.push(m[1]);
  return found;
}

/** tsconfig.json's `paths` as prefixes: "~/" → "app/". */
function aliases(): [string, string][] {
  const paths = JSON.parse(readFileSync(join(root, "tsconfig.json"), "utf8")).compilerOptions.paths as Record<string, string[]>;
  return Object.entries(paths).map(([from, [to]]) => [from.replace(/\*$/, ""), normalize(to.replace(/\*$/, "")).replace(/\\/g, "/")]);
}
const ALIASES = aliases();

/**
 * What a specifier in `from` names: a project file (relative to the root, `resolved`), or a package (`pkg`).
 * `exists` says whether a candidate file is there; the resolution tries .ts, .tsx and index files like tsc.
 */
function resolveSpecifier(from: string, spec: string, exists: (file: string) => boolean): { resolved: string } | { pkg: string } {
  const bare = spec.replace(/\?.*$/, "");
  const alias = ALIASES.find(([prefix]) => bare.startsWith(prefix));
  let base: string | null = null;
  if (alias) base = alias[1] + bare.slice(alias[0].length);
  else if (bare.startsWith(".")) base = relative(root, resolve(root, dirname(from), bare)).replace(/\\/g, "/");
  if (base === null) return { pkg: bare };
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (exists(candidate)) return { resolved: candidate };
  }
  return { resolved: base };
}

const under = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);
const isDomain = (file: string) => under(file, "worker/domain");

/** Each file's imports, resolved: project files and packages. */
function importsOf(sources: Sources) {
  const exists = (file: string) => sources.has(file) || existsSync(join(root, file));
  return new Map(
    [...sources].map(([file, text]) => [file, specifiersOf(text).map((spec) => ({ spec, ...resolveSpecifier(file, spec, exists) }))]),
  );
}

/** What breaks the boundary of ADR 0030, one line per import (or signature) that does. */
function boundaryViolations(sources: Sources): string[] {
  const found: string[] = [];
  for (const [file, imports] of importsOf(sources)) {
    for (const i of imports) {
      const target = "resolved" in i ? i.resolved : null;
      if (isDomain(file)) {
        if ("pkg" in i && /^(hono|@remix-run\/)/.test(i.pkg)) found.push(`${file} imports ${i.spec}: the domain knows no HTTP framework`);
        if (target && under(target, "worker/api")) found.push(`${file} imports ${i.spec}: the domain never imports the API`);
      }
      if (under(file, "worker") && target && under(target, "app"))
        found.push(`${file} imports ${i.spec}: worker/ imports nothing from app/ (shared code lives in worker/shared/)`);
    }
    if (isDomain(file)) {
      const code = (sources.get(file) ?? "").replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
      if (/:\s*Request\b/.test(code)) found.push(`${file} takes a Request: a domain service takes the values it needs`);
      if (/\bContext\s*</.test(code) || /:\s*Context\b/.test(code))
        found.push(`${file} takes a Context: a domain service takes the values it needs`);
    }
  }
  return found;
}

/** Every circle of imports among the given files, each once, as the files that make it. */
function importCycles(sources: Sources): string[][] {
  const edges = new Map(
    [...importsOf(sources)].map(([file, imports]) => [
      file,
      [...new Set(imports.flatMap((i) => ("resolved" in i && sources.has(i.resolved) ? [i.resolved] : [])))],
    ]),
  );
  const cycles = new Map<string, string[]>();
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === "open") {
        const cycle = stack.slice(stack.indexOf(next));
        cycles.set([...cycle].sort().join(" "), cycle);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of [...edges.keys()].sort()) if (!state.has(file)) visit(file);
  return [...cycles.values()];
}

/** The project's TypeScript sources under `folders`, by path relative to the root. */
function sourcesUnder(...folders: string[]): Sources {
  const sources: Sources = new Map();
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir))) {
      const path = `${dir}/${entry}`;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry) && !entry.endsWith(".d.ts")) sources.set(path, readFileSync(join(root, path), "utf8"));
    }
  };
  for (const folder of folders) walk(folder);
  return sources;
}

describe("the arrows of app/ and worker/ (ADR 0030)", () => {
  const project = sourcesUnder("app", "worker");

  it("reads the imports it checks, and finds the file of every one inside the project", () => {
    const imports = importsOf(project);
    const targets = [...imports.values()].flat();
    expect(project.size).toBeGreaterThan(100);
    expect(targets.filter((i) => "resolved" in i).length).toBeGreaterThan(500);
    expect(imports.get("worker/api/app.ts")?.map((i) => ("resolved" in i ? i.resolved : i.pkg))).toEqual(
      expect.arrayContaining(["hono", "worker/api/routes/bookings.ts"]),
    );
    const missing = targets.filter((i) => "resolved" in i && !existsSync(join(root, i.resolved)));
    expect(missing).toEqual([]);
  });

  it("keeps the domain free of HTTP and the app, and worker/ free of app/", () => {
    expect(boundaryViolations(project)).toEqual([]);
  });

  it("has no import circles", () => {
    expect(importCycles(project).map((c) => [...c, c[0]].join(" → "))).toEqual([]);
  });
});

describe("the checks themselves", () => {
  const tree = (files: Record<string, string>): Sources => new Map(Object.entries(files));

  it("finds imports across lines, type-only ones and re-exports, but not in comments", () => {
    const source = `import {\n  a,\n  type B,\n} from "./a";\nimport type { C } from "~/c";\nexport { d } from "@worker/d";\nimport "./e.css?url";\n// import { x } from "./x";\nconst f = await import("./f");`;
    expect(specifiersOf(source)).toEqual(["./a", "~/c", "@worker/d", "./e.css?url", "./f"]);
  });

  it("refuses a domain file that imports Hono, the API or the app, or takes a Request or a Context", () => {
    const found = boundaryViolations(
      tree({
        "worker/domain/x/a.ts": `import { Hono } from "hono";\nimport { createFactory } from "hono/factory";`,
        "worker/domain/x/b.ts": `import { idempotencyKeyOf } from "../../api/idempotency";\nimport type { ApiEnv } from "@worker/api/app-env";`,
        "worker/domain/x/c.ts": `import { formatRupees } from "~/lib/format";`,
        "worker/domain/x/d.ts": "export async function read(request: Request) {}",
        "worker/domain/x/e.ts": "export const handler = (c: Context<ApiEnv>) => c;",
        "worker/domain/x/f.ts": `import { data } from "@remix-run/cloudflare";`,
        "worker/domain/x/ok.ts": `import { z } from "zod";\nimport { x } from "../../shared/format";\nexport type PricedRequest = { request: string };`,
      }),
    );
    expect(found.map((f) => f.split(" ")[0])).toEqual([
      "worker/domain/x/a.ts",
      "worker/domain/x/a.ts",
      "worker/domain/x/b.ts",
      "worker/domain/x/b.ts",
      "worker/domain/x/c.ts",
      "worker/domain/x/d.ts",
      "worker/domain/x/e.ts",
      "worker/domain/x/f.ts",
    ]);
  });

  it("refuses any worker/ file that imports app/, and lets app/ import worker/", () => {
    const found = boundaryViolations(
      tree({
        "worker/tenant/a.ts": `import { SELLER_PAGES } from "~/lib/seller-pages";`,
        "worker/api/b.ts": `import { x } from "../../app/lib/api";`,
        "app/routes/c.tsx": `import { x } from "@worker/domain/errors";\nimport { y } from "../../worker/api/errors";`,
      }),
    );
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^worker\/tenant\/a\.ts imports ~\/lib\/seller-pages/);
    expect(found[1]).toMatch(/^worker\/api\/b\.ts imports \.\.\/\.\.\/app\/lib\/api/);
  });

  it("finds a circle of any length, across app/ and worker/ and through aliases, each once", () => {
    const cycles = importCycles(
      tree({
        "worker/domain/a.ts": `import { b } from "./b";`,
        "worker/domain/b.ts": `import type { c } from "@worker/domain/c";`,
        "worker/domain/c.ts": `import { a } from "./a";`,
        "app/x.tsx": `import { y } from "~/y";`,
        "app/y.ts": `import { x } from "./x";\nimport { a } from "@worker/domain/a";`,
        "app/z.ts": `import { x } from "./x";`,
      }),
    );
    expect(cycles.map((c) => [...c].sort())).toEqual([
      ["app/x.tsx", "app/y.ts"],
      ["worker/domain/a.ts", "worker/domain/b.ts", "worker/domain/c.ts"],
    ]);
  });
});
