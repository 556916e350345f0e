import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../worker/db/seed-data";
import { bookingRequest, createBookingAs, idemKey, resetBookingLimits } from "../support/bookings";
import { allowConsoleErrors } from "../support/console-guard";
import { type Session, bearer, latestCode, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

/**
 * Fault injection (ADR 0020): a D1 failure before and after each write of the writes that matter.
 * For each one the client gets a 503 with the one error shape, the tables hold the whole change or
 * none of it, and a retry ends with the change made exactly once.
 */
// The Worker logs each injected failure (and each notice it could not send because of one); nothing else may be logged.
allowConsoleErrors(/injected fault \(x-tb-fault: /);

let w: TestWorker;
let asha: Session;
let seller: Session;
let admin: Session;
beforeAll(async () => {
  w = await startWorker({ bindings: { FAULTS: "1" } });
  [asha, seller, admin] = await Promise.all([
    loginViaApi(w, "asha@example.com"),
    loginViaApi(w, "owner@wanderlust.example"),
    loginViaApi(w, "admin@tripbazaar.example"),
  ]);
});
// Booking requests are rate limited (issue 23); these cases make many as one customer.
beforeEach(() => resetBookingLimits(w));
afterAll(() => w?.dispose());

type Res = { status: number; headers: Headers; body: any };
const BUSY = { success: false, message: "The service is busy. Please try again." };
const fault = (spec: string) => ({ "x-tb-fault": spec });

/** One number or value from D1, read directly. */
async function value<T = number>(sql: string, ...binds: unknown[]): Promise<T> {
  const row = await w.d1
    .prepare(sql)
    .bind(...binds)
    .first<{ v: T }>();
  return row?.v as T;
}

/**
 * One case: the faulted request, then the state of the rows; the same request again without a
 * fault (the retry), then the state again. `before` and `after` run the case both ways.
 */
type Expect<S> = { status: number; state: S; retry: number; retried: S };
async function runCase<C, S>(
  spec: string,
  path: { prepare(): Promise<C>; send(c: C, headers: Record<string, string>): Promise<Res>; state(c: C): Promise<S> },
  want: Expect<S>,
) {
  const c = await path.prepare();
  const res = await path.send(c, fault(spec));
  if (want.status === 503) expect(res.body, spec).toEqual(BUSY);
  expect(res.status, `${spec}: ${JSON.stringify(res.body)}`).toBe(want.status);
  expect(await path.state(c), `${spec}: state after the fault`).toEqual(want.state);
  const retry = await path.send(c, {});
  expect(retry.status, `${spec} retry: ${JSON.stringify(retry.body)}`).toBe(want.retry);
  expect(await path.state(c), `${spec}: state after the retry`).toEqual(want.retried);
  return { c, res, retry };
}

/** A new verified customer with the demo password, written directly. */
let people = 0;
async function newCustomer() {
  const id = `u_fault_${++people}`;
  const email = `fault${people}@example.com`;
  await w.d1
    .prepare(
      "INSERT INTO users (id, name, email, phone, password_hash, role, is_verified) SELECT ?, 'Fault Tester', ?, '+91 90000 00000', password_hash, 'user', 1 FROM users WHERE id = 'u_asha'",
    )
    .bind(id, email)
    .run();
  return { id, email };
}

describe("booking creation (POST /api/bookings, Idempotency-Key)", () => {
  // Writes 1 to 3 count the request against the rate limits (the key's marker, the account's and the seller's
  // buckets, issue 23); write 4 is the one batch (key, counter, booking, number, travellers, answer); 5 and 6 the
  // two notices.
  type S = { bookings: number; travellers: number; keys: number; emails: number };
  let base: S;
  const counts = async (): Promise<S> => ({
    bookings: await value("SELECT count(*) AS v FROM bookings WHERE user_id = 'u_asha'"),
    travellers: await value("SELECT count(*) AS v FROM travellers t JOIN bookings b ON b.id = t.booking_id WHERE b.user_id = 'u_asha'"),
    keys: await value("SELECT count(*) AS v FROM idempotency_keys WHERE user_id = 'u_asha'"),
    emails: await value("SELECT count(*) AS v FROM outbox WHERE subject LIKE '%booking request%'"),
  });
  const creation = {
    async prepare() {
      base = await counts();
      return { key: idemKey() };
    },
    send: (c: { key: string }, headers: Record<string, string>) =>
      w.api("POST", "/api/bookings", bookingRequest(), { ...bearer(asha), "idempotency-key": c.key, ...headers }),
    async state() {
      const now = await counts();
      return {
        bookings: now.bookings - base.bookings,
        travellers: now.travellers - base.travellers,
        keys: now.keys - base.keys,
        emails: now.emails - base.emails,
      };
    },
  };
  const none = { bookings: 0, travellers: 0, keys: 0, emails: 0 };
  const booked = (emails: number) => ({ bookings: 1, travellers: 3, keys: 1, emails });

  for (const n of [1, 2, 3]) {
    for (const when of ["before", "after"]) {
      it(`${when} rate-limit write ${n}: nothing booked; the retry books once and sends both notices`, async () => {
        await runCase(`${when}-write:${n}`, creation, { status: 503, state: none, retry: 201, retried: booked(2) });
      });
    }
  }

  it("before the batch: nothing is written; the retry books once and sends both notices", async () => {
    await runCase("before-write:4", creation, { status: 503, state: none, retry: 201, retried: booked(2) });
  });

  it("after the batch: one whole booking; the retry replays it and books nothing more", async () => {
    const { c, retry } = await runCase("after-write:4", creation, { status: 503, state: booked(0), retry: 201, retried: booked(0) });
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    const ref = await value<string>("SELECT booking_ref AS v FROM bookings WHERE user_id = 'u_asha' ORDER BY created_at DESC LIMIT 1");
    expect(ref).toMatch(/^TB-\d{4}-\d{6}$/);
    expect(retry.body.data.bookingId).toBe(ref);
    // Every later retry is the same replay.
    const again = await creation.send(c, {});
    expect(again.body).toEqual(retry.body);
    expect(await creation.state()).toEqual(booked(0));
  });

  for (const n of [5, 6]) {
    for (const when of ["before", "after"]) {
      it(`${when} notice ${n - 4}: the booking stands (201), the notice is skipped or sent once, never again on retry`, async () => {
        const sent = when === "before" ? 1 : 2;
        const { retry } = await runCase(`${when}-write:${n}`, creation, {
          status: 201,
          state: booked(sent),
          retry: 201,
          retried: booked(sent),
        });
        expect(retry.headers.get("idempotent-replayed")).toBe("true");
      });
    }
  }

  it("has no seventh write: a fault there never fires", async () => {
    await runCase("before-write:7", creation, { status: 201, state: booked(2), retry: 201, retried: booked(2) });
  });
});

describe("booking approval and rejection (seller)", () => {
  // Write 1 is the one batch: the conditional UPDATE, the refund it owes and its follow-up row (ADR 0039). The email
  // is the queue's work after the answer; a follow-up the Worker never enqueued is sent by the scheduled run
  // (test/integration/follow-ups.test.ts).
  type S = { status: string; followUp: string | null; emails: number };
  for (const decision of ["approve", "reject"] as const) {
    const done = decision === "approve" ? "confirmed" : "rejected";
    const subject = decision === "approve" ? "Booking confirmed" : "Booking rejected";
    const deciding = {
      async prepare() {
        const res = await createBookingAs(w, bearer(asha));
        expect(res.status).toBe(201);
        return { id: res.body.data._id as string, ref: res.body.data.bookingId as string };
      },
      send: (c: { id: string }, headers: Record<string, string>) =>
        w.api(
          "PUT",
          `/api/bookings/seller/bookings/${c.id}/${decision}`,
          { message: "Dates do not work for us" },
          { ...bearer(seller), ...headers },
        ),
      state: async (c: { id: string; ref: string }): Promise<S> => {
        // An enqueued follow-up is sent within moments; one never enqueued stays pending.
        const until = Date.now() + 1000;
        let followUp = await value<string | null>("SELECT status AS v FROM outbox WHERE id = ?", `fu_answer_${c.id}`);
        while ((followUp === "pending" || followUp === "sending") && Date.now() < until) {
          await new Promise((r) => setTimeout(r, 25));
          followUp = await value<string | null>("SELECT status AS v FROM outbox WHERE id = ?", `fu_answer_${c.id}`);
        }
        return {
          status: await value<string>("SELECT status AS v FROM bookings WHERE id = ?", c.id),
          followUp: followUp ?? null,
          emails: await value("SELECT count(*) AS v FROM outbox WHERE subject = ? AND status = 'sent'", `${subject}: ${c.ref}`),
        };
      },
    };

    it(`${decision}: before the batch nothing changes; the retry decides once and the email goes out once`, async () => {
      await runCase("before-write:1", deciding, {
        status: 503,
        state: { status: "pending", followUp: null, emails: 0 },
        retry: 200,
        retried: { status: done, followUp: "sent", emails: 1 },
      });
    });

    it(`${decision}: after the batch the decision and its follow-up stand; the retry gets 409 and writes nothing more`, async () => {
      const { retry } = await runCase("after-write:1", deciding, {
        status: 503,
        state: { status: done, followUp: "pending", emails: 0 },
        retry: 409,
        retried: { status: done, followUp: "pending", emails: 0 },
      });
      expect(retry.body).toMatchObject({ success: false, message: expect.stringContaining(done) });
    });

    it(`${decision}: has no second write: the email is the queue's, sent once`, async () => {
      await runCase("before-write:2", deciding, {
        status: 200,
        state: { status: done, followUp: "sent", emails: 1 },
        retry: 409,
        retried: { status: done, followUp: "sent", emails: 1 },
      });
    });
  }
});

describe("password change (PUT /api/auth/password, customer settings)", () => {
  // Writes 1 and 2 count the try (rate limits), 3 claims an attempt of the code, 4 is the one batch
  // (password, token version, code used), 5 the notice.
  type S = { changed: boolean; version: number; codeUsed: boolean; notices: number };
  type C = { id: string; email: string; token: string; code: string; hash: string };
  const changing = {
    async prepare(): Promise<C> {
      const user = await newCustomer();
      const session = await loginViaApi(w, user.email);
      const sent = await w.api("POST", "/api/auth/request-password-otp", { current: DEMO_PASSWORD }, bearer(session));
      expect(sent.status).toBe(200);
      const hash = await value<string>("SELECT password_hash AS v FROM users WHERE id = ?", user.id);
      return { ...user, token: session.token, code: await latestCode(w, user.email), hash };
    },
    send: (c: C, headers: Record<string, string>) =>
      w.api(
        "PUT",
        "/api/auth/password",
        { new: "Monsoon#2027", confirm: "Monsoon#2027", otp: c.code },
        { authorization: `Bearer ${c.token}`, ...headers },
      ),
    state: async (c: C): Promise<S> => ({
      changed: (await value<string>("SELECT password_hash AS v FROM users WHERE id = ?", c.id)) !== c.hash,
      version: await value("SELECT token_version AS v FROM users WHERE id = ?", c.id),
      codeUsed: (await value("SELECT count(*) AS v FROM otp_codes WHERE user_id = ? AND consumed_at IS NOT NULL", c.id)) === 1,
      notices: await value("SELECT count(*) AS v FROM outbox WHERE \"to\" = ? AND subject LIKE '%password was changed'", c.email),
    }),
  };
  const before = { changed: false, version: 0, codeUsed: false, notices: 0 };
  const changed = (notices: number) => ({ changed: true, version: 1, codeUsed: true, notices });

  for (const n of [1, 2, 3, 4]) {
    it(`before write ${n}: nothing changes; the retry with the same code changes the password once`, async () => {
      await runCase(`before-write:${n}`, changing, { status: 503, state: before, retry: 200, retried: changed(1) });
    });
  }
  for (const n of [1, 2, 3]) {
    it(`after write ${n} (a counted try): the password is unchanged; the retry changes it once`, async () => {
      await runCase(`after-write:${n}`, changing, { status: 503, state: before, retry: 200, retried: changed(1) });
    });
  }

  it("after the change batch: changed once; the retry is refused (the change ended that session) and the new password works", async () => {
    const { c } = await runCase("after-write:4", changing, { status: 503, state: changed(0), retry: 401, retried: changed(0) });
    const ip = { "cf-connecting-ip": "203.0.113.9" };
    expect((await w.api("POST", "/api/auth/login", { email: c.email, password: "Monsoon#2027" }, ip)).status).toBe(200);
    expect((await w.api("POST", "/api/auth/login", { email: c.email, password: DEMO_PASSWORD }, ip)).status).toBe(401);
  });

  for (const when of ["before", "after"]) {
    it(`${when} the notice: the change stands (200, with a new token) and nothing happens twice`, async () => {
      const notices = when === "before" ? 0 : 1;
      const { res } = await runCase(`${when}-write:5`, changing, {
        status: 200,
        state: changed(notices),
        retry: 401,
        retried: changed(notices),
      });
      expect(res.body.token).toEqual(expect.any(String));
    });
  }

  it("has no sixth write", async () => {
    await runCase("before-write:6", changing, { status: 200, state: changed(1), retry: 401, retried: changed(1) });
  });
});

describe("seller approval (superadmin approves a seller request)", () => {
  // Write 1 is the one batch (request, seller, website, role); write 2 the welcome email.
  type S = { request: string; sellers: number; websites: number; role: string; welcomes: number };
  const approving = {
    async prepare() {
      const user = await newCustomer();
      const id = `sr_fault_${people}`;
      await w.d1
        .prepare(
          "INSERT INTO seller_requests (id, user_id, business_name, phone, city, about) VALUES (?, ?, 'Fault Line Tours', '+91 98000 11111', 'Pune', 'Treks in the Sahyadris.')",
        )
        .bind(id, user.id)
        .run();
      return { ...user, request: id };
    },
    send: (c: { request: string }, headers: Record<string, string>) =>
      w.api("POST", `/api/superadmin/seller-requests/${c.request}/approve`, undefined, { ...bearer(admin), ...headers }),
    state: async (c: { id: string; email: string; request: string }): Promise<S> => ({
      request: await value<string>("SELECT status AS v FROM seller_requests WHERE id = ?", c.request),
      sellers: await value("SELECT count(*) AS v FROM sellers WHERE id = ?", c.id),
      websites: await value("SELECT count(*) AS v FROM website_configs WHERE seller_id = ?", c.id),
      role: await value<string>("SELECT role AS v FROM users WHERE id = ?", c.id),
      welcomes: await value(
        "SELECT count(*) AS v FROM outbox WHERE \"to\" = ? AND subject = 'Your Tripbazaar seller account is ready'",
        c.email,
      ),
    }),
  };
  const pending = { request: "pending", sellers: 0, websites: 0, role: "user", welcomes: 0 };
  const approved = (welcomes: number) => ({ request: "approved", sellers: 1, websites: 1, role: "seller", welcomes });

  it("before the batch: nothing changes; the retry approves once", async () => {
    await runCase("before-write:1", approving, { status: 503, state: pending, retry: 200, retried: approved(1) });
  });

  it("after the batch: the applicant is a seller with one website; the retry gets 409 and writes nothing", async () => {
    const { retry } = await runCase("after-write:1", approving, { status: 503, state: approved(0), retry: 409, retried: approved(0) });
    expect(retry.body).toEqual({ success: false, message: "This request has already been reviewed" });
  });

  for (const when of ["before", "after"]) {
    it(`${when} the welcome email: the approval stands (200) and the email is never sent twice`, async () => {
      const welcomes = when === "before" ? 0 : 1;
      await runCase(`${when}-write:2`, approving, { status: 200, state: approved(welcomes), retry: 409, retried: approved(welcomes) });
    });
  }

  it("has no third write", async () => {
    await runCase("before-write:3", approving, { status: 200, state: approved(1), retry: 409, retried: approved(1) });
  });
});

describe("package save (seller dashboard)", () => {
  const coorg = {
    name: "Coorg Coffee Trails",
    city: "Coorg",
    description: "Plantation walks, Abbey Falls and a night in a homestay.",
    durationDays: 3,
    images: ["/images/packages/goa-1.svg"],
    priceRanges: [{ label: "Per person", price: 999_900 }],
    inclusions: ["Homestay"],
    exclusions: ["Flights"],
  };
  const version = () => value("SELECT content_version AS v FROM sellers WHERE id = 's_wanderlust'");
  const packageCount = () => value("SELECT count(*) AS v FROM packages WHERE seller_id = 's_wanderlust'");

  describe("create (POST, with an Idempotency-Key)", () => {
    // Write 1 is the one batch: package, content version, key.
    type S = { packages: number; versions: number; keys: number };
    let base: { packages: number; version: number };
    const creating = {
      async prepare() {
        base = { packages: await packageCount(), version: await version() };
        return { key: idemKey() };
      },
      send: (c: { key: string }, headers: Record<string, string>) =>
        w.api("POST", "/api/seller-admin/packages", coorg, { ...bearer(seller), "idempotency-key": c.key, ...headers }),
      state: async (c: { key: string }): Promise<S> => ({
        packages: (await packageCount()) - base.packages,
        versions: (await version()) - base.version,
        keys: await value("SELECT count(*) AS v FROM idempotency_keys WHERE key = ?", `s_wanderlust:package:${c.key}`),
      }),
    };
    const saved = { packages: 1, versions: 1, keys: 1 };

    it("before the batch: nothing is written; the retry creates one package", async () => {
      const { retry } = await runCase("before-write:1", creating, {
        status: 503,
        state: { packages: 0, versions: 0, keys: 0 },
        retry: 201,
        retried: saved,
      });
      expect(retry.headers.get("idempotent-replayed")).toBeNull();
    });

    it("after the batch: one package; the retry returns it, and the key with another body is refused", async () => {
      const { c, retry } = await runCase("after-write:1", creating, { status: 503, state: saved, retry: 201, retried: saved });
      expect(retry.headers.get("idempotent-replayed")).toBe("true");
      expect(retry.body.package).toMatchObject({ name: coorg.name, status: "draft" });
      const other = await w.api(
        "POST",
        "/api/seller-admin/packages",
        { ...coorg, name: "Coorg Again" },
        { ...bearer(seller), "idempotency-key": c.key },
      );
      expect(other.status).toBe(422);
      expect(await creating.state(c)).toEqual(saved);
    });

    it("has no second write", async () => {
      await runCase("before-write:2", creating, { status: 201, state: saved, retry: 201, retried: saved });
    });
  });

  describe("update (PUT: the whole package, so a repeat leaves the same package)", () => {
    // Write 1 is the one batch: package and content version.
    type S = { name: string; versions: number; packages: number };
    let base: { packages: number; version: number };
    const updating = {
      async prepare() {
        const made = await w.api("POST", "/api/seller-admin/packages", coorg, bearer(seller));
        expect(made.status).toBe(201);
        base = { packages: await packageCount(), version: await version() };
        return { id: made.body.package.id as string };
      },
      send: (c: { id: string }, headers: Record<string, string>) =>
        w.api("PUT", `/api/seller-admin/packages/${c.id}`, { ...coorg, name: "Coorg Monsoon Trails" }, { ...bearer(seller), ...headers }),
      state: async (c: { id: string }): Promise<S> => ({
        name: await value<string>("SELECT name AS v FROM packages WHERE id = ?", c.id),
        versions: (await version()) - base.version,
        packages: (await packageCount()) - base.packages,
      }),
    };

    it("before the batch: unchanged; the retry saves", async () => {
      await runCase("before-write:1", updating, {
        status: 503,
        state: { name: coorg.name, versions: 0, packages: 0 },
        retry: 200,
        retried: { name: "Coorg Monsoon Trails", versions: 1, packages: 0 },
      });
    });

    it("after the batch: saved whole; the retry saves the same package again", async () => {
      await runCase("after-write:1", updating, {
        status: 503,
        state: { name: "Coorg Monsoon Trails", versions: 1, packages: 0 },
        retry: 200,
        retried: { name: "Coorg Monsoon Trails", versions: 2, packages: 0 },
      });
    });

    it("has no second write", async () => {
      await runCase("before-write:2", updating, {
        status: 200,
        state: { name: "Coorg Monsoon Trails", versions: 1, packages: 0 },
        retry: 200,
        retried: { name: "Coorg Monsoon Trails", versions: 2, packages: 0 },
      });
    });
  });
});

describe("pages", () => {
  // Any credential, even one that is not valid, keeps a page out of the edge cache, so it is rendered.
  const uncached = { authorization: "Bearer not-a-token" };

  it("answer 503 when D1 fails in tenant resolution or in a loader, and 200 on the retry", async () => {
    const path = "/seller/wanderlust-journeys/website/about";
    // The first request also looks the slug up (ADR 0040); that read's failure is the next test's.
    await w.request(path, { headers: uncached });
    const calls = Number((await w.request(path, { headers: uncached })).headers.get("x-tb-d1-calls"));
    expect(calls).toBeGreaterThan(0);
    for (let n = 1; n <= calls; n++) {
      for (const when of ["before", "after"]) {
        const res = await w.request(path, { headers: { ...uncached, ...fault(`${when}-call:${n}`) } });
        expect(res.status, `${when}-call:${n}`).toBe(503);
        expect(res.headers.get("content-type")).toContain("text/html");
        expect(await res.text()).not.toContain("D1_ERROR");
      }
    }
    expect((await w.request(path, { headers: uncached })).status).toBe(200);
  });

  it("answer 503 for a client navigation's data request too", async () => {
    const data = "/seller/wanderlust-journeys/website/about.data";
    expect((await w.request(data, { headers: uncached })).status).toBe(200);
    expect((await w.request(data, { headers: { ...uncached, ...fault("before-call:1") } })).status).toBe(503);
  });

  it("answer a 503 page when the slug lookup before Remix fails, and the page on the retry", async () => {
    const path = "/seller/himalayan-trails/website/about";
    const failed = await w.request(path, { headers: { ...uncached, ...fault("before-call:1") } });
    expect(failed.status).toBe(503);
    expect(await failed.text()).not.toContain("D1_ERROR");
    const retried = await w.request(path, { headers: uncached });
    expect(retried.status).toBe(200);
    expect(await retried.text()).toContain("Himalayan Trails");
  });

  it("answer a 503 page when the host lookup before Remix fails", async () => {
    const res = await w.request("/", { host: "agency.example", headers: fault("before-call:1") });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("The service is busy. Please try again.");
    expect((await w.request("/", { host: "agency.example" })).status).toBe(404);
  });
});

describe("without FAULTS", () => {
  let plain: TestWorker;
  beforeAll(async () => {
    plain = await startWorker();
  });
  afterAll(() => plain?.dispose());

  it("the header does nothing", async () => {
    const customer = await loginViaApi(plain, "asha@example.com");
    const res = await plain.api("POST", "/api/bookings", bookingRequest(), {
      ...bearer(customer),
      "idempotency-key": idemKey(),
      ...fault("before-write:1"),
    });
    expect(res.status).toBe(201);
    const page = await plain.request("/seller/wanderlust-journeys/website/about", {
      headers: { authorization: "Bearer not-a-token", ...fault("before-call:1") },
    });
    expect(page.status).toBe(200);
  });
});
