import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest, longest first: the every-page walk's parts (tiny files, the walk is in
 * test/support/every-page.ts), then the fuzz and model suites and the longest journeys. On a fresh clone, with no
 * timings of an earlier run to go by, vitest's largest-file-first order would start some of them last and leave
 * one worker running a long file alone at the end. Everything else keeps vitest's order.
 */
const LONGEST_FIRST = [
  /\/test\/e2e\/every-page-[^/]+\.test\.ts$/,
  /\/test\/integration\/fuzz\.test\.ts$/,
  /\/test\/e2e\/without-javascript\.test\.ts$/,
  /\/test\/e2e\/seller-account\.test\.ts$/,
  /\/test\/e2e\/seller-website\.test\.ts$/,
  /\/test\/integration\/booking-state-model\.test\.ts$/,
  /\/test\/integration\/security-matrix\.test\.ts$/,
];

const rank = (spec: TestSpecification) => {
  const at = LONGEST_FIRST.findIndex((pattern) => pattern.test(spec.moduleId));
  return at === -1 ? LONGEST_FIRST.length : at;
};

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    // A stable sort: within a rank, vitest's own order.
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
