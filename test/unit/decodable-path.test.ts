import { describe, expect, it } from "vitest";
import { decodablePath, withDecodablePath } from "../../worker/decodable-path";

// A path Remix cannot decode reaches it as its own text (worker/decodable-path.ts): same route, same parameters, no
// warning in the logs.
describe("decodablePath", () => {
  it("leaves a path that decodes alone", () => {
    for (const path of ["/", "/tour-package/p_goa", "/seller/wanderlust-journeys/website/package/p_goa", "/a%20b/%E0%A4%95"])
      expect(decodablePath(path), path).toBeNull();
  });

  it("writes the `%` of each segment that cannot be decoded as `%25`, and only of those", () => {
    expect(decodablePath("/%ZZ")).toBe("/%25ZZ");
    expect(decodablePath("/package/%E0%A4")).toBe("/package/%25E0%25A4");
    expect(decodablePath("/seller/%ZZ/website/a%20b")).toBe("/seller/%25ZZ/website/a%20b");
    expect(decodablePath("/%%%")).toBe("/%25%25%25");
  });

  it("gives a path that decodes to the text the raw segment had", () => {
    for (const raw of ["/%ZZ", "/package/%E0%A4", "/x/abc%", "/%C0%AF/y"]) {
      const fixed = decodablePath(raw) ?? raw;
      expect(decodeURIComponent(fixed), raw).toBe(raw);
    }
  });
});

describe("withDecodablePath", () => {
  it("moves a GET to its decodable path, with its headers", () => {
    const url = new URL("http://localhost/tour-package/%ZZ?x=1");
    const moved = withDecodablePath(new Request(url, { headers: { cookie: "a=b" } }), url);
    expect(moved.url).toBe("http://localhost/tour-package/%25ZZ?x=1");
    expect(moved.headers.get("cookie")).toBe("a=b");
  });

  it("moves a POST with its body", async () => {
    const bad = new URL("http://localhost/%ZZ");
    const moved = withDecodablePath(new Request(bad, { method: "POST", body: "intent=x" }), bad);
    expect(moved.url).toBe("http://localhost/%25ZZ");
    expect(moved.method).toBe("POST");
    expect(await moved.text()).toBe("intent=x");
  });

  it("leaves a decodable request as it is", () => {
    const good = new URL("http://localhost/tour-package/p_goa");
    const get = new Request(good);
    expect(withDecodablePath(get, good)).toBe(get);
  });
});
