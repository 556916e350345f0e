import { describe, expect, it } from "vitest";
import { safeRedirect } from "../../app/lib/safe-redirect";

/**
 * The post-login `?redirect=` target (app/components/auth/login-form.tsx) goes through safeRedirect.
 * SECURITY: whatever it lets through must resolve to this origin, the way a browser's URL parser
 * reads it (tabs and newlines dropped, backslashes as slashes), or login becomes an open redirect.
 */
const ORIGIN = "https://tripbazaar.example";
const FALLBACK = "/fallback";

const OFF_SITE = [
  "//evil.example",
  "/\\evil.example",
  "\\/evil.example",
  "\\\\evil.example",
  "https://evil.example",
  "https:evil.example",
  "HTTPS://evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "%2F%2Fevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "\t//evil.example",
  " //evil.example",
  "///evil.example",
];

describe("safeRedirect", () => {
  it.each(OFF_SITE)("refuses %j", (target) => {
    expect(safeRedirect(target, FALLBACK)).toBe(FALLBACK);
  });

  it.each(OFF_SITE)("never returns an address that a browser resolves off the site for %j", (target) => {
    expect(new URL(safeRedirect(target, FALLBACK), ORIGIN).origin).toBe(ORIGIN);
  });

  it.each(["/", "/seller-dashboard/orders?page=2", "/seller/s_wanderlust/website/package/p_goa#book", "/tours/search?q=%2F%2Fgoa"])(
    "lets the local path %j through unchanged",
    (target) => {
      expect(safeRedirect(target, FALLBACK)).toBe(target);
    },
  );

  it("falls back when there is no target", () => {
    expect(safeRedirect(null, FALLBACK)).toBe(FALLBACK);
    expect(safeRedirect(undefined, FALLBACK)).toBe(FALLBACK);
    expect(safeRedirect("", FALLBACK)).toBe(FALLBACK);
  });

  it("refuses a target that only decodes to an off-site address once more, as a second decoding would", () => {
    // URLSearchParams decodes ?redirect=%252F%252Fevil.example once, to %2F%2Fevil.example: not a path.
    const once = new URLSearchParams("redirect=%252F%252Fevil.example").get("redirect");
    expect(safeRedirect(once, FALLBACK)).toBe(FALLBACK);
    expect(safeRedirect(new URLSearchParams("redirect=%2F%2Fevil.example").get("redirect"), FALLBACK)).toBe(FALLBACK);
  });
});
