import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ASSETS = "build/client/assets";

/**
 * A dynamic import whose chunk imports CSS makes Vite's helper add a <link rel="stylesheet"> for that CSS when the
 * chunk loads, even with module preloading off. Every stylesheet of a page is already in its document, inline
 * (ADR 0034), so such a link fetched the page's own CSS again and restyled the whole page right after hydration,
 * which Lighthouse counted as blocking time on the package page. Lazy chunks import no CSS; their pages do.
 */
describe("lazy chunks and the page's inlined styles", () => {
  it("no client script asks for a stylesheet when it loads a lazy chunk", () => {
    const offenders: string[] = [];
    for (const file of readdirSync(ASSETS).filter((f) => f.endsWith(".js"))) {
      const code = readFileSync(join(ASSETS, file), "utf8");
      const deps = /__vite__mapDeps=\([^)]*\[([^\]]*)\]/.exec(code)?.[1] ?? "";
      for (const css of deps.match(/"[^"]+\.css"/g) ?? []) offenders.push(`${file} → ${css}`);
    }
    expect(offenders).toEqual([]);
  });

  it("the trip form is still a lazy chunk of a package page's scripts (what the check above looks at)", () => {
    // Whichever chunk Rollup names after the modules it holds, one of them loads the trip form by a dynamic import.
    const hosts = readdirSync(ASSETS)
      .filter((f) => f.endsWith(".js"))
      .filter((f) => /import\("\.\/trip-request-form-[\w-]+\.js"\)/.test(readFileSync(join(ASSETS, f), "utf8")));
    expect(hosts.length).toBeGreaterThan(0);
  });
});
