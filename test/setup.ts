// Loaded by every vitest project (vitest.config.ts): an unexpected console.error fails the test that caused it.
import { afterAll, afterEach, beforeEach } from "vitest";
import { beginTest, endFile, endTest, installConsoleGuard } from "./support/console-guard";

installConsoleGuard();
beforeEach(beginTest);
afterEach(endTest);
afterAll(endFile);
