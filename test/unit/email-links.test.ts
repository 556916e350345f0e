import { describe, expect, it } from "vitest";
import { requestTime } from "../../worker/clock";
import { customerBookingUrl, domainOrigin, sellerBookingUrl, sellerSiteUrl } from "../../worker/domain/email/links";
import { type Env, readConfig } from "../../worker/env";
import { TEST_ENV } from "../support/env";

const env = (extra: Partial<Env>) => ({ ...TEST_ENV, DB: null as never, ...extra }) as Env;

describe("PUBLIC_ORIGIN, where links in emails point (ADR 0026)", () => {
  it("is kept as a bare origin, and a custom domain takes its scheme and port", () => {
    const config = readConfig(env({ PUBLIC_ORIGIN: "http://localhost:8787/" }));
    expect(config.PUBLIC_ORIGIN).toBe("http://localhost:8787");
    expect(domainOrigin(config, "wanderlust.localhost")).toBe("http://wanderlust.localhost:8787");
    expect(sellerSiteUrl(config, { sitePath: "/seller/x-tours/website", hostname: null })).toBe(
      "http://localhost:8787/seller/x-tours/website",
    );
    expect(customerBookingUrl(config, "bk_1", null)).toBe("http://localhost:8787/booking/bk_1");
    expect(customerBookingUrl(config, "bk_1", "trips.example.com")).toBe("http://trips.example.com:8787/booking/bk_1");
    expect(sellerBookingUrl(config, "bk_1")).toBe("http://localhost:8787/seller-dashboard/orders/bk_1");
  });

  it("defaults to the first platform host: https in production, wrangler dev's port otherwise", () => {
    const hosts = { PUBLIC_ORIGIN: undefined, PLATFORM_HOSTS: "tripbazaar.in,www.tripbazaar.in" };
    expect(readConfig(env({ ...hosts, ENVIRONMENT: "production" })).PUBLIC_ORIGIN).toBe("https://tripbazaar.in");
    expect(readConfig(env({ ...hosts, ENVIRONMENT: "development" })).PUBLIC_ORIGIN).toBe("http://tripbazaar.in:8787");
  });

  it("refuses an address that is not a bare http(s) origin on a platform host", () => {
    for (const bad of ["https://evil.example", "https://localhost/app", "ftp://localhost", "localhost", "https://user@localhost"]) {
      expect(() => readConfig(env({ PUBLIC_ORIGIN: bad })), bad).toThrow(/PUBLIC_ORIGIN/);
    }
  });
});

describe("the test clock (x-tb-now)", () => {
  const at = (extra: Partial<Env>) => {
    const e = env(extra);
    return requestTime(new Request("http://localhost/", { headers: { "x-tb-now": "1000" } }), e, readConfig(e));
  };
  it("is honoured only with TEST_CLOCK=1 outside production", () => {
    expect(at({ TEST_CLOCK: "1" })).toBe(1000);
    expect(at({})).not.toBe(1000);
    expect(at({ TEST_CLOCK: "1", ENVIRONMENT: "production" })).not.toBe(1000);
  });
});
