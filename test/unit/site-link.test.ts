import { describe, expect, it } from "vitest";
import { isCurrent } from "../../app/components/seller/site-link";

describe("isCurrent (the seller navbar's current page)", () => {
  const base = "/seller/s_wanderlust/website";
  it("marks Home only on the landing itself", () => {
    expect(isCurrent(base, base, true)).toBe(true);
    expect(isCurrent(`${base}/`, base, true)).toBe(true);
    expect(isCurrent(`${base}/package/all`, base, true)).toBe(false);
    expect(isCurrent("/", "/", true)).toBe(true);
    expect(isCurrent("/contact", "/", true)).toBe(false);
  });

  it("marks a section on its own pages and below", () => {
    expect(isCurrent(`${base}/package/all`, `${base}/package/all`)).toBe(true);
    expect(isCurrent("/contact/", "/contact")).toBe(true);
    expect(isCurrent("/contacts", "/contact")).toBe(false);
    expect(isCurrent("/package/p_goa", "/package/all")).toBe(false);
  });
});
