import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInIndia } from "../../worker/domain/bookings/transitions";
import { ASHA, SELLER_A, SELLER_B, bookingRequest, idemKey, resetBookingLimits, travellersFor } from "../support/bookings";
import { bearer, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

// Issue 12: a model-based test of the booking state machine (README "Bookings"). fast-check builds
// random sequences of what customers and sellers can do, a small model predicts every answer, and
// the real Worker (workerd + D1) must agree: the status code, the status it reports, and the rows in
// D1. After every step all bookings of the run are read from D1 and each change of status must be
// one the README allows. MODEL_SEED=<n> replays a run (the seed is printed); MODEL_RUNS=<n> sets the runs (40).

type Status = "pending" | "confirmed" | "rejected" | "cancelled";
type Customer = "asha" | "ravi";
type Seller = "wanderlust" | "himalayan";

/** The README's table, written out here rather than imported, so the Worker's own table is under test too. */
const LEGAL: Record<Status, readonly Status[]> = {
  pending: ["confirmed", "rejected", "cancelled"],
  confirmed: ["cancelled"],
  rejected: [],
  cancelled: [],
};
const PACKAGES: Record<Seller, string> = { wanderlust: "p_goa", himalayan: "p_spiti" };
const SELLER_IDS: Record<Seller, string> = { wanderlust: "s_wanderlust", himalayan: "s_himalayan" };
const CUSTOMER_IDS: Record<Customer, string> = { asha: "u_asha", ravi: "u_ravi" };
const other = <T extends string>(pair: readonly [T, T], x: T) => (pair[0] === x ? pair[1] : pair[0]);
const CUSTOMERS = ["asha", "ravi"] as const;
const SELLERS = ["wanderlust", "himalayan"] as const;

const NUM_RUNS = Number(process.env.MODEL_RUNS) || 40;
const MAX_COMMANDS = 40;
const SEED = Number(process.env.MODEL_SEED) || Math.floor(Math.random() * 2 ** 31);

type ModelBooking = {
  id: string;
  ref: string;
  customer: Customer;
  seller: Seller;
  status: Status;
  /** The trip has started (its start date moved to today), so the customer can no longer cancel. */
  started: boolean;
  key: string;
  body: unknown;
};
type Model = { bookings: ModelBooking[] };
type Real = { baseCount: number };

let w: TestWorker;
let auth: Record<Customer | Seller, Record<string, string>>;
const stats = { runs: 0, commands: 0, byCommand: {} as Record<string, number> };

beforeAll(async () => {
  w = await startWorker();
  // A second customer with Asha's password hash, as bookings-manage.test.ts makes one.
  await w.d1
    .prepare(
      "INSERT INTO users (id, name, email, phone, password_hash, role, is_verified) SELECT 'u_ravi', 'Ravi Kumar', 'ravi@example.com', NULL, password_hash, 'user', 1 FROM users WHERE id = 'u_asha'",
    )
    .run();
  const [asha, ravi, wanderlust, himalayan] = await Promise.all(
    [ASHA, "ravi@example.com", SELLER_A, SELLER_B].map(async (email) => bearer(await loginViaApi(w, email))),
  );
  auth = { asha, ravi, wanderlust, himalayan };
});
afterAll(() => w?.dispose());

const pick = (m: Model, n: number) => m.bookings[n % m.bookings.length];
const hasBookings = (m: Model) => m.bookings.length > 0;
const count = (name: string) => {
  stats.commands++;
  stats.byCommand[name] = (stats.byCommand[name] ?? 0) + 1;
};

/** Every booking of the run in D1 must have the model's status, and their number must be the model's. */
async function checkD1(m: Model, r: Real, context: string) {
  const total = await w.d1.prepare("SELECT count(*) AS n FROM bookings").first<{ n: number }>();
  expect(total?.n, `${context}: bookings in D1`).toBe(r.baseCount + m.bookings.length);
  if (!m.bookings.length) return;
  const rows = await w.d1
    .prepare(
      `SELECT id, status, booking_ref AS ref, user_id AS userId, seller_id AS sellerId FROM bookings WHERE id IN (${m.bookings.map(() => "?").join(",")})`,
    )
    .bind(...m.bookings.map((b) => b.id))
    .all<{ id: string; status: Status; ref: string; userId: string; sellerId: string }>();
  const byId = new Map(rows.results.map((row) => [row.id, row]));
  for (const b of m.bookings) {
    const row = byId.get(b.id);
    expect(row, `${context}: ${b.id} is in D1`).toBeDefined();
    expect(row?.status, `${context}: D1 status of ${b.ref}`).toBe(b.status);
    expect([row?.ref, row?.userId, row?.sellerId], `${context}: owner and number of ${b.ref} never change`).toEqual([
      b.ref,
      CUSTOMER_IDS[b.customer],
      SELLER_IDS[b.seller],
    ]);
  }
}

/**
 * Applies a status change the model predicts, asserting it is legal first: the one place the model's
 * bookings change status, so an illegal prediction (a wrong model) fails as loudly as a wrong Worker.
 */
function transition(b: ModelBooking, to: Status) {
  expect(LEGAL[b.status], `model: ${b.status} -> ${to}`).toContain(to);
  b.status = to;
}

type Answer = { status: number; body: any };
function expectAnswer(res: Answer, status: number, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(status);
  if (status >= 400) expect(res.body.success, `${what}: the error shape`).toBe(false);
}

class CreateBooking implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly customer: Customer,
    readonly seller: Seller,
    readonly adults: number,
    readonly children: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    count("create");
    // The model is of the bookings engine; the rate limit of booking requests is proven on its own.
    await resetBookingLimits(w);
    const key = idemKey();
    const body = bookingRequest(
      {
        packageId: PACKAGES[this.seller],
        customerDetails: { adults: this.adults, children: this.children, travellers: travellersFor(this.adults, this.children) },
      },
      { adults: this.adults, children: this.children },
    );
    const res = await w.api("POST", "/api/bookings", body, { ...auth[this.customer], "idempotency-key": key });
    expectAnswer(res, 201, this.toString());
    expect(res.body.data).toMatchObject({ status: "pending", sellerId: SELLER_IDS[this.seller] });
    expect(res.body.data.bookingId).toMatch(/^TB-\d{4}-\d{6}$/);
    m.bookings.push({
      id: res.body.data._id,
      ref: res.body.data.bookingId,
      customer: this.customer,
      seller: this.seller,
      status: "pending",
      started: false,
      key,
      body,
    });
    await checkD1(m, r, this.toString());
  }
  toString = () => `create(${this.customer} books ${this.seller}, ${this.adults}+${this.children})`;
}

/** The same request with the same Idempotency-Key: the first answer again, and no new row. */
class ReplayCreate implements fc.AsyncCommand<Model, Real> {
  constructor(readonly n: number) {}
  check = hasBookings;
  async run(m: Model, r: Real) {
    count("replay");
    const b = pick(m, this.n);
    const res = await w.api("POST", "/api/bookings", b.body, { ...auth[b.customer], "idempotency-key": b.key });
    expectAnswer(res, 201, this.toString());
    expect(res.headers.get("idempotent-replayed")).toBe("true");
    expect([res.body.data._id, res.body.data.bookingId]).toEqual([b.id, b.ref]);
    await checkD1(m, r, this.toString());
  }
  toString = () => `replay-create(#${this.n})`;
}

/** Approve or reject, by the booking's own seller or by the other one. */
class Decide implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly n: number,
    readonly action: "approve" | "reject",
    readonly ownSeller: boolean,
    readonly reason: string,
  ) {}
  check = hasBookings;
  async run(m: Model, r: Real) {
    count(`${this.action}${this.ownSeller ? "" : " (other seller)"}`);
    const b = pick(m, this.n);
    const by = this.ownSeller ? b.seller : other(SELLERS, b.seller);
    const res = await w.api("PUT", `/api/bookings/seller/bookings/${b.id}/${this.action}`, { message: this.reason }, auth[by]);
    const to: Status = this.action === "approve" ? "confirmed" : "rejected";
    if (this.action === "reject" && !this.reason.trim()) expectAnswer(res, 422, `${this} without a reason`);
    else if (!this.ownSeller) expectAnswer(res, 403, `${this} by ${by}`);
    else if (b.status !== "pending") expectAnswer(res, 409, `${this} on a ${b.status} booking`);
    else {
      expectAnswer(res, 200, `${this} on a pending booking`);
      expect(res.body.data.status).toBe(to);
      transition(b, to);
    }
    await checkD1(m, r, this.toString());
  }
  toString = () => `${this.action}(#${this.n}, ${this.ownSeller ? "own seller" : "other seller"}, ${JSON.stringify(this.reason)})`;
}

/** The customer cancels, by `PUT /:id/status`; or the other customer, or the booking's seller, tries to. */
class Cancel implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly n: number,
    readonly by: "own customer" | "other customer" | "seller",
  ) {}
  check = hasBookings;
  async run(m: Model, r: Real) {
    count(`cancel (${this.by})`);
    const b = pick(m, this.n);
    const who = this.by === "own customer" ? b.customer : this.by === "other customer" ? other(CUSTOMERS, b.customer) : b.seller;
    const res = await w.api("PUT", `/api/bookings/${b.id}/status`, { status: "cancelled" }, auth[who]);
    if (this.by !== "own customer") expectAnswer(res, 403, `${this}`);
    else if (!LEGAL[b.status].includes("cancelled")) expectAnswer(res, 409, `${this} on a ${b.status} booking`);
    else if (b.started) {
      expectAnswer(res, 409, `${this} after the start date`);
      expect(res.body.message).toBe("A booking can only be cancelled before its start date");
    } else {
      expectAnswer(res, 200, `${this} on a ${b.status} booking`);
      expect(res.body.data.status).toBe("cancelled");
      transition(b, "cancelled");
    }
    await checkD1(m, r, this.toString());
  }
  toString = () => `cancel(#${this.n}, ${this.by})`;
}

/** What a customer may not do: approve at the seller's endpoint, or confirm through the status endpoint. */
class CustomerOverreach implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly n: number,
    readonly how: "approve" | "reject" | "status confirmed" | "status rejected",
  ) {}
  check = hasBookings;
  async run(m: Model, r: Real) {
    count("customer overreach");
    const b = pick(m, this.n);
    const res = this.how.startsWith("status")
      ? await w.api("PUT", `/api/bookings/${b.id}/status`, { status: this.how.split(" ")[1] }, auth[b.customer])
      : await w.api("PUT", `/api/bookings/seller/bookings/${b.id}/${this.how}`, { message: "I approve myself" }, auth[b.customer]);
    expectAnswer(res, 403, this.toString());
    await checkD1(m, r, this.toString());
  }
  toString = () => `customer-tries(#${this.n}, ${this.how})`;
}

/** Reads: the customer's and the seller's single-booking views, the seller's orders list, and outsiders. */
class Read implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly n: number,
    readonly view: "customer" | "seller" | "seller list" | "other customer" | "other seller",
  ) {}
  check = hasBookings;
  async run(m: Model, r: Real) {
    count(`read (${this.view})`);
    const b = pick(m, this.n);
    if (this.view === "seller list") {
      const res = await w.api("GET", `/api/bookings/seller/bookings?q=${b.ref}`, undefined, auth[b.seller]);
      expectAnswer(res, 200, this.toString());
      expect(res.body.data.map((x: { _id: string; status: Status }) => [x._id, x.status])).toEqual([[b.id, b.status]]);
      return;
    }
    const who = {
      customer: b.customer,
      seller: b.seller,
      "other customer": other(CUSTOMERS, b.customer),
      "other seller": other(SELLERS, b.seller),
    }[this.view];
    const res = await w.api("GET", `/api/bookings/${b.id}`, undefined, auth[who]);
    if (this.view.startsWith("other")) {
      expectAnswer(res, 403, this.toString());
      expect(JSON.stringify(res.body)).not.toContain(b.ref);
      return;
    }
    expectAnswer(res, 200, this.toString());
    expect(res.body.data).toMatchObject({ _id: b.id, bookingId: b.ref, status: b.status, sellerId: SELLER_IDS[b.seller] });
    await checkD1(m, r, this.toString());
  }
  toString = () => `read(#${this.n}, ${this.view})`;
}

/** Time passes: the trip's start date becomes today (a direct D1 write; the clock cannot be moved in workerd). */
class TripStarts implements fc.AsyncCommand<Model, Real> {
  constructor(readonly n: number) {}
  check = hasBookings;
  async run(m: Model, r: Real) {
    count("trip starts");
    const b = pick(m, this.n);
    await w.d1.prepare("UPDATE bookings SET start_date = ? WHERE id = ?").bind(todayInIndia(), b.id).run();
    b.started = true;
    await checkD1(m, r, this.toString());
  }
  toString = () => `trip-starts(#${this.n})`;
}

/** The seller approves and rejects at the same moment (two tabs): on a pending booking exactly one wins. */
class RacingDecisions implements fc.AsyncCommand<Model, Real> {
  constructor(readonly n: number) {}
  check = hasBookings;
  async run(m: Model, r: Real) {
    count("racing approve+reject");
    const b = pick(m, this.n);
    const base = `/api/bookings/seller/bookings/${b.id}`;
    const answers = await Promise.all([
      w.api("PUT", `${base}/approve`, {}, auth[b.seller]),
      w.api("PUT", `${base}/reject`, { message: "Raced" }, auth[b.seller]),
      w.api("PUT", `${base}/approve`, {}, auth[b.seller]),
    ]);
    const won = answers.filter((a) => a.status === 200);
    for (const a of answers) expect([200, 409], JSON.stringify(a.body)).toContain(a.status);
    if (b.status !== "pending") expect(won, `${this} on a ${b.status} booking`).toHaveLength(0);
    else {
      expect(won, `${this} on a pending booking`).toHaveLength(1);
      transition(b, won[0].body.data.status);
    }
    await checkD1(m, r, this.toString());
  }
  toString = () => `race-decide(#${this.n})`;
}

const index = fc.nat({ max: 1000 });
const reason = fc.oneof(
  fc.constantFrom("Fully booked that week", "Booking approved by seller", "No rooms left", "   "),
  fc.string({ minLength: 1, maxLength: 40 }),
);
const create = fc
  .tuple(fc.constantFrom(...CUSTOMERS), fc.constantFrom(...SELLERS), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 2 }))
  .map(([c, s, a, k]) => new CreateBooking(c, s, a, k));
// fc.commands picks among these evenly: creation is listed twice so that runs reach several bookings.
const commands = fc.commands(
  [
    create,
    create,
    index.map((n) => new ReplayCreate(n)),
    fc
      .tuple(index, fc.constantFrom("approve" as const, "reject" as const), fc.boolean(), reason)
      .map(([n, a, own, why]) => new Decide(n, a, own, why)),
    fc.tuple(index, fc.constantFrom("approve" as const, "reject" as const), reason).map(([n, a, why]) => new Decide(n, a, true, why)),
    fc
      .tuple(index, fc.constantFrom("own customer" as const, "own customer" as const, "other customer" as const, "seller" as const))
      .map(([n, by]) => new Cancel(n, by)),
    fc
      .tuple(index, fc.constantFrom("approve" as const, "reject" as const, "status confirmed" as const, "status rejected" as const))
      .map(([n, how]) => new CustomerOverreach(n, how)),
    fc
      .tuple(
        index,
        fc.constantFrom("customer" as const, "seller" as const, "seller list" as const, "other customer" as const, "other seller" as const),
      )
      .map(([n, view]) => new Read(n, view)),
    index.map((n) => new TripStarts(n)),
    index.map((n) => new RacingDecisions(n)),
  ],
  { maxCommands: MAX_COMMANDS, size: "max" },
);

describe("the booking state machine against its model", () => {
  it("never answers other than the model predicts, and never makes an illegal transition", async () => {
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        stats.runs++;
        const total = await w.d1.prepare("SELECT count(*) AS n FROM bookings").first<{ n: number }>();
        await fc.asyncModelRun(() => ({ model: { bookings: [] }, real: { baseCount: total?.n ?? 0 } }), cmds);
      }),
      { numRuns: NUM_RUNS, seed: SEED },
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `booking state model: ${stats.runs} runs, ${stats.commands} commands in ${seconds} s (MODEL_SEED=${SEED}); ${JSON.stringify(stats.byCommand)}`,
    );
  }, 90_000);
});
