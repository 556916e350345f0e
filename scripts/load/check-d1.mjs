// After `npm run load`: every booking that got a 2xx must be in D1 exactly once, with consistent rows.
// Reads the D1 the stopped measurement server persisted (same persist root and database name).
import { Miniflare } from "miniflare";

const AMOUNTS = [
  ["basePrice", "base_price"],
  ["discount", "discount"],
  ["roomCharge", "room_charge"],
  ["transportCharge", "transport_charge"],
  ["taxes", "taxes"],
  ["total", "total"],
];

/**
 * `bookings`: Idempotency-Key → { body, ids, data } from the traffic. `since`: an ISO time before the
 * first request, so the seed's bookings are left out. Returns the problems found (empty when all hold).
 */
export async function checkBookingsInD1({ persistRoot, d1Name, bookings, customerId, since }) {
  const mf = new Miniflare({
    modules: true,
    script: "export default { fetch: () => new Response(null, { status: 404 }) }",
    defaultPersistRoot: persistRoot,
    d1Databases: { DB: d1Name },
  });
  try {
    const db = await mf.getD1Database("DB");
    const all = async (sql, ...params) =>
      (
        await db
          .prepare(sql)
          .bind(...params)
          .all()
      ).results;
    const rows = await all(
      "SELECT id, booking_ref, user_id, package_id, status, start_date, adults, children, base_price, discount, room_charge, transport_charge, taxes, total FROM bookings WHERE user_id = ? AND created_at >= ?",
      customerId,
      since,
    );
    const people = await all(
      "SELECT t.booking_id, t.position, t.full_name, t.type, t.age FROM travellers t JOIN bookings b ON b.id = t.booking_id WHERE b.user_id = ? AND b.created_at >= ? ORDER BY t.booking_id, t.position",
      customerId,
      since,
    );
    const sameRef = await all("SELECT booking_ref, count(*) AS n FROM bookings GROUP BY booking_ref HAVING n > 1");
    const keys = await all(
      "SELECT status, count(*) AS n FROM idempotency_keys WHERE user_id = ? AND created_at >= ? GROUP BY status",
      customerId,
      since,
    );

    const problems = [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const travellersOf = new Map();
    for (const p of people) travellersOf.set(p.booking_id, [...(travellersOf.get(p.booking_id) ?? []), p]);
    for (const r of sameRef) problems.push(`booking number ${r.booking_ref} is on ${r.n} bookings`);
    for (const k of keys) if (k.status !== "done") problems.push(`${k.n} idempotency keys left "${k.status}"`);

    const answered = new Set();
    for (const [key, { body, ids, data }] of bookings) {
      if (ids.size > 1) problems.push(`key ${key} was answered with ${ids.size} different bookings`);
      if (!data) continue;
      answered.add(data._id);
      const row = byId.get(data._id);
      if (!row) {
        problems.push(`${data.bookingId} (${data._id}) got a 2xx but is not in D1`);
        continue;
      }
      const where = `${data.bookingId} (${data._id})`;
      if (row.booking_ref !== data.bookingId) problems.push(`${where}: D1 has number ${row.booking_ref}`);
      if (!/^TB-\d{4}-\d{6}$/.test(row.booking_ref)) problems.push(`${where}: malformed number ${row.booking_ref}`);
      if (row.status !== "pending") problems.push(`${where}: status ${row.status}, not pending`);
      if (row.package_id !== body.packageId || row.start_date !== body.travelDates.startDate)
        problems.push(`${where}: package or date differ from the request`);
      for (const [api, column] of AMOUNTS)
        if (row[column] !== data.pricing[api]) problems.push(`${where}: ${column} ${row[column]} in D1, ${data.pricing[api]} answered`);
      const { basePrice, discount, roomCharge, transportCharge, taxes, total } = data.pricing;
      // The total is the lines' sum rounded once to the nearest rupee, 50 paise up (ADR 0038).
      const sum = basePrice - discount + roomCharge + transportCharge + taxes;
      if (Math.floor((sum + 50) / 100) * 100 !== total) problems.push(`${where}: the parts do not add up to the total`);
      const sent = body.customerDetails;
      const stored = travellersOf.get(data._id) ?? [];
      if (row.adults !== sent.adults || row.children !== sent.children) problems.push(`${where}: traveller counts differ`);
      const same = (t, s, i) => t.position === i + 1 && t.full_name === s.fullName && t.type === s.type && t.age === s.age;
      if (stored.length !== sent.travellers.length || !stored.every((t, i) => same(t, sent.travellers[i], i)))
        problems.push(`${where}: ${stored.length} traveller rows for ${sent.travellers.length} travellers sent`);
    }
    for (const r of rows) if (!answered.has(r.id)) problems.push(`${r.booking_ref} (${r.id}) is in D1 but no request got it in a 2xx`);
    return { problems, rows: rows.length, travellers: people.length };
  } finally {
    await mf.dispose();
  }
}
