/**
 * A client's address as plain values, for the domain's limits (worker/domain/auth/rate-limit.ts,
 * worker/domain/travel/throttle.ts); worker/client-ip.ts reads it from a request at the edge.
 */

/** The address of a request without `cf-connecting-ip`: only a local run's (Cloudflare sets it on every request). */
export const UNKNOWN_CLIENT = "unknown";

/**
 * The part of a client address that one client controls, for counting it: an IPv4 address whole, an IPv6 address by
 * its /64 (one household or phone is given a whole /64, and may use any address in it). An IPv4 address written as
 * IPv6 (`::ffff:192.0.2.1`) counts as that IPv4 address.
 */
export function clientBucket(address: string) {
  if (!address.includes(":")) return address;
  // A zone index (`fe80::1%eth0`) names the machine's own interface, not the address.
  const written = address.toLowerCase().split("%")[0];
  const last = written.split(":").at(-1) ?? "";
  if (last.includes(".")) return last;
  const halves = written.split("::");
  if (halves.length > 2) return written;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves[1] ? halves[1].split(":") : [];
  const zeros = halves.length === 2 ? Array(Math.max(0, 8 - head.length - tail.length)).fill("0") : [];
  const groups = [...head, ...zeros, ...tail].slice(0, 4).map((group) => (Number.parseInt(group, 16) || 0).toString(16));
  return `${groups.join(":")}::/64`;
}
