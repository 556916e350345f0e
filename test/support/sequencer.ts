import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest's order (vitest.config.ts), except that the parts of the every-page walk (test/e2e/every-page-*.test.ts)
 * start first in the end-to-end group. They are its longest files, but tiny ones (the walk is in
 * test/support/every-page.ts), so on a fresh clone, with no timings of an earlier run to go by, vitest's
 * largest-file-first order would start them last and leave one worker walking pages alone at the end.
 */
export class WalkFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const walk = (spec: TestSpecification) => /\/test\/e2e\/every-page-[^/]+\.test\.ts$/.test(spec.moduleId);
    return [...sorted.filter(walk), ...sorted.filter((spec) => !walk(spec))];
  }
}
