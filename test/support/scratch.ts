import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Vitest's global setup (vitest.config.ts): one folder for this run's test databases (startWorker's D1 template
 * and each file's copy of it), in memory where the machine has it, removed with everything in it when the run
 * ends. Workers find it in TB_SCRATCH.
 */
export default function setup() {
  const dir = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "tripbazaar-tests-"));
  process.env.TB_SCRATCH = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
