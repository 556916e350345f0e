import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order the two workers take the files in: one project after the other (end-to-end, integration, integration on
 * the moved clock, unit), and within each the longest files first.
 *
 * - **A project at a time.** Vitest keeps a worker process for the next file only when the next file in its queue is
 *   of the same project; otherwise it ends the process and starts another, which imports Miniflare and Playwright
 *   again, makes its D1 template again and, for the end-to-end files, launches another Chromium. Interleaved, the
 *   projects cost twelve worker processes and four Chromium launches a run; in turn, eight and two.
 * - **The longest first**: the every-page walk's parts (tiny files, the walk is in test/support/every-page.ts), then
 *   the fuzz and model suites and the longest journeys. On a fresh clone, with no timings of an earlier run to go by,
 *   vitest's largest-file-first order would start some of them last and leave one worker running a long file alone
 *   at the end. Everything else keeps vitest's order.
 */
const PROJECTS = ["e2e", "integration", "integration-later", "unit"];

const LONGEST_FIRST = [
  /\/test\/e2e\/every-page-[^/]+\.test\.ts$/,
  /\/test\/integration\/fuzz\.test\.ts$/,
  /\/test\/e2e\/stays-and-buses\.test\.ts$/,
  /\/test\/e2e\/tap-before-hydration\.test\.ts$/,
  /\/test\/e2e\/without-javascript\.test\.ts$/,
  /\/test\/e2e\/flights\.test\.ts$/,
  /\/test\/e2e\/seller-account\.test\.ts$/,
  /\/test\/e2e\/seller-website\.test\.ts$/,
  /\/test\/integration\/booking-state-model\.test\.ts$/,
  /\/test\/integration\/security-matrix\.test\.ts$/,
];

const projectRank = (spec: TestSpecification) => {
  const at = PROJECTS.indexOf(spec.project.name);
  return at === -1 ? PROJECTS.length : at;
};

const rank = (spec: TestSpecification) => {
  const at = LONGEST_FIRST.findIndex((pattern) => pattern.test(spec.moduleId));
  return at === -1 ? LONGEST_FIRST.length : at;
};

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    // A stable sort: within a project and a rank, vitest's own order.
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => projectRank(a.spec) - projectRank(b.spec) || rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
