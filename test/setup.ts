// Loaded before every test file of every vitest project (vitest.config.ts), also where a worker runs several files
// (isolate: false): an unexpected console.error fails the test that caused it, and the tests' clock starts afresh.
import { afterAll, afterEach, beforeEach } from "vitest";
import { startFileClock } from "./support/clock";
import { beginTest, endFile, endTest, installConsoleGuard } from "./support/console-guard";

installConsoleGuard();
startFileClock();
beforeEach(beginTest);
afterEach(endTest);
afterAll(endFile);
