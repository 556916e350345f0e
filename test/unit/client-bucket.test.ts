import { describe, expect, it } from "vitest";
import { clientBucket } from "../../worker/shared/client-address";

// ADR 0063: a client is counted by the part of its address it controls, so an IPv6 client cannot step past a limit by
// moving through the 2^64 addresses of its own /64.
describe("clientBucket", () => {
  it("keeps an IPv4 address whole", () => {
    expect(clientBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(clientBucket("unknown")).toBe("unknown");
  });

  it("counts every address of one IPv6 /64 as one client, however it is written", () => {
    const one = clientBucket("2001:db8:85a3:42:1:2:3:4");
    expect(one).toBe("2001:db8:85a3:42::/64");
    for (const same of ["2001:0db8:85a3:0042:ffff:ffff:ffff:fffe", "2001:DB8:85A3:42::1", "2001:db8:85a3:42::", "2001:db8:85a3:42::1%eth0"])
      expect(clientBucket(same), same).toBe(one);
  });

  it("keeps different /64s apart, also where `::` stands for the zeros of the prefix", () => {
    expect(clientBucket("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientBucket("2001:db8:0:1::1")).toBe("2001:db8:0:1::/64");
    expect(clientBucket("::1")).toBe("0:0:0:0::/64");
    expect(clientBucket("2001:db8:85a3:43::1")).not.toBe(clientBucket("2001:db8:85a3:42::1"));
  });

  it("counts an IPv4 address written as IPv6 as the IPv4 address", () => {
    expect(clientBucket("::ffff:192.0.2.1")).toBe("192.0.2.1");
  });
});
