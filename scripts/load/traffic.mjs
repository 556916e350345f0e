// The mixed traffic of `npm run load`: each kind of request, what it sends and which answers it expects.
// Every request goes to the one origin the caller's pool is bound to (the local Worker on 127.0.0.1).
import { randomUUID } from "node:crypto";

/** The seeded demo password (demo data only). */
export const PASSWORD = "Travel#2026";
export const ASHA = "asha@example.com";
export const SELLERS = { s_wanderlust: "owner@wanderlust.example", s_himalayan: "owner@himalayan.example" };
const ACCOUNTS = [ASHA, ...Object.values(SELLERS), "admin@tripbazaar.example"];

/** The address of the login flood. Everything else comes from random addresses of 198.18.0.0/15 (RFC 2544). */
export const FLOOD_IP = "203.0.113.99";
const rand = (n) => Math.floor(Math.random() * n);
const pick = (xs) => xs[rand(xs.length)];
export const randomIp = () => `198.${18 + rand(2)}.${rand(256)}.${1 + rand(254)}`;

// Login counts against each account in D1 (LIMITS in worker/domain/auth/rate-limit.ts: 100 a quarter
// hour per account). The mixed traffic stays under it, so only the flood is meant to meet a 429.
const ACCOUNT_BUDGET = 90;
const WINDOW_MS = 15 * 60_000;

const PACKAGES = {
  s_wanderlust: ["p_goa", "p_manali", "p_jaipur", "p_munnar", "p_udaipur", "p_rishikesh", "p_port_blair", "p_leh"],
  s_himalayan: ["p_spiti", "p_kedarnath", "p_darjeeling", "p_sikkim"],
};
/** Published packages with a price (p_leh is priced on request and answers 422). */
const BOOKABLE = [...PACKAGES.s_wanderlust.filter((p) => p !== "p_leh"), ...PACKAGES.s_himalayan];
const TERMS = ["goa", "manali", "jaipur", "kerala", "munnar", "beach", "spiti", "udaipur", "rishikesh", "sikkim", "leh", "hills"];
const SELLER_PAGES = (sellerId) => ["", "/package/all", `/package/${pick(PACKAGES[sellerId])}`, "/about", "/contact", "/login"];
const CUSTOM_DOMAIN = "wanderlust.localhost";
/** The seeded sellers' readable addresses (ADR 0040): pages by path live there; an id only redirects. */
const SLUGS = { s_wanderlust: "wanderlust-journeys", s_himalayan: "himalayan-trails" };

/** A seller site page: by path for either seller, or at the root of Wanderlust's custom domain. */
function sellerPage() {
  if (Math.random() < 0.3) return { path: pick(SELLER_PAGES("s_wanderlust")) || "/", headers: { host: CUSTOM_DOMAIN } };
  const sellerId = pick(Object.keys(PACKAGES));
  return { path: `/seller/${SLUGS[sellerId]}/website${pick(SELLER_PAGES(sellerId))}`, headers: {} };
}

function searchRequest() {
  const term = pick(TERMS);
  const sellerId = pick(Object.keys(PACKAGES));
  const segment = encodeURIComponent(
    Math.random() < 0.5 ? `destination=${term}` : `destination=${term}&duration=${3 + rand(6)}&checkIn=2027-0${1 + rand(9)}-1${rand(10)}`,
  );
  return pick([
    { path: `/api/seller-website/seller/${sellerId}/website/searchpackages/${segment}`, headers: {} },
    { path: `/seller/${SLUGS[sellerId]}/website/searchpackages/${segment}`, headers: {} },
    { path: `/searchpackages/${term}`, headers: { host: CUSTOM_DOMAIN } },
    { path: `/tours/search?q=${encodeURIComponent(term)}`, headers: {} },
  ]);
}

function daysFromNow(days) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function bookingBody() {
  const adults = 1 + rand(4);
  const children = rand(3);
  const travellers = [
    ...Array.from({ length: adults }, (_, i) => ({
      title: "Mr",
      fullName: `Load Adult ${i + 1}`,
      type: "adult",
      age: 25 + i,
      gender: "male",
    })),
    ...Array.from({ length: children }, (_, i) => ({
      title: "Miss",
      fullName: `Load Child ${i + 1}`,
      type: "child",
      age: 4 + i,
      gender: "female",
    })),
  ];
  return {
    packageId: pick(BOOKABLE),
    travelDates: { startDate: daysFromNow(7 + rand(300)) },
    customerDetails: { adults, children, travellers },
    preferences: {
      hotel: { name: "Any good hotel", roomType: pick(["standard", "deluxe", "suite"]) },
      transport: { type: pick(["included", "sedan", "suv", "tempo-traveller"]) },
    },
    specialRequests: Math.random() < 0.5 ? "Ground floor room please" : undefined,
  };
}

/**
 * The traffic state: sessions, the login budget per account, and every booking request with its answers,
 * which the D1 check reads at the end.
 */
export function createTraffic({ tokens }) {
  const started = Date.now();
  /** Logins tried per account and 15-minute window; the setup's own logins fit in the margin to 100. */
  const budget = new Map();
  /** Idempotency-Key → { body, ids: Set of booking ids answered with a 2xx, data: the first 2xx booking } */
  const bookings = new Map();
  const notes = { replays: 0, concurrentDuplicates: 0, keyWithTwoBookings: [] };
  const bearer = (t) => ({ authorization: `Bearer ${t}` });

  function spend(account) {
    // The per-account window restarts every 15 minutes, so a long run gets a fresh budget.
    const key = `${account}#${Math.floor((Date.now() - started) / WINDOW_MS)}`;
    const used = budget.get(key) ?? 0;
    if (used >= ACCOUNT_BUDGET) return false;
    budget.set(key, used + 1);
    return true;
  }

  function bookingAnswer(key) {
    return (status, json) => {
      if (status < 200 || status > 299) return;
      const entry = bookings.get(key);
      const id = json?.data?._id;
      entry.ids.add(id);
      entry.data ??= json.data;
      if (entry.ids.size > 1) notes.keyWithTwoBookings.push(key);
    };
  }

  function booking() {
    const done = [...bookings.entries()].filter(([, e]) => e.ids.size === 1);
    const roll = Math.random();
    if (roll < 0.1 && done.length) {
      // A retry of an answered request (a lost response): the same booking again.
      const [key, entry] = pick(done);
      notes.replays++;
      return [bookingRequest(key, entry.body)];
    }
    const key = `load-${randomUUID()}`;
    const body = bookingBody();
    bookings.set(key, { body, ids: new Set(), data: null });
    if (roll < 0.2) {
      // A double click: the same key and body twice at once; one booking, both answered 201.
      notes.concurrentDuplicates++;
      return [bookingRequest(key, body), bookingRequest(key, body)];
    }
    return [bookingRequest(key, body)];
  }

  function bookingRequest(key, body) {
    return {
      kind: "booking (POST /api/bookings)",
      method: "POST",
      path: "/api/bookings",
      headers: { ...bearer(tokens.asha), "idempotency-key": key, "content-type": "application/json" },
      body: JSON.stringify(body),
      // 429 once the one traveller passes the booking-request limit (issue 23): the run books as one account.
      expect: [201, 429],
      onAnswer: bookingAnswer(key),
    };
  }

  function login(right) {
    const account = pick(ACCOUNTS);
    const real = right ? spend(account) : Math.random() < 0.3 && spend(account);
    // Past the budget a "right" login becomes a wrong one, counted as such.
    const email = real ? account : `nobody-${randomUUID().slice(0, 8)}@example.net`;
    const ok = right && real;
    return {
      kind: ok ? "login, right password" : "login, wrong password",
      method: "POST",
      path: "/api/auth/login",
      headers: { "content-type": "application/json", "cf-connecting-ip": randomIp() },
      body: JSON.stringify({ email, password: ok ? PASSWORD : "Wrong#password1" }),
      expect: ok ? [200] : [401],
    };
  }

  function bookingsRead() {
    const answered = [...bookings.values()].filter((e) => e.data);
    const roll = Math.random();
    if (roll < 0.4 && answered.length) return { path: `/api/bookings/${pick(answered).data._id}`, headers: bearer(tokens.asha) };
    if (roll < 0.7) return { path: `/api/bookings?limit=10&when=upcoming`, headers: bearer(tokens.asha) };
    return { path: "/api/bookings/seller/bookings?status=pending&limit=20", headers: bearer(tokens.s_wanderlust) };
  }

  const get = (kind, { path, headers }) => [{ kind, method: "GET", path, headers, expect: [200] }];
  /** [weight, make] — make() returns the requests to send at once (two for a double click). */
  const MIX = [
    [22, () => get("seller page", sellerPage())],
    [
      10,
      () => {
        const cookie = Math.random() < 0.5 ? `tb_session=${tokens.asha}` : `tb_session=load-${rand(1e6)}`;
        const page = sellerPage();
        return get("seller page, with a cookie (uncached)", { ...page, headers: { ...page.headers, cookie } });
      },
    ],
    [
      10,
      () => get("main page", { path: pick(["/", "/tours/search", `/tour-package/${pick(BOOKABLE)}`, "/about", "/login"]), headers: {} }),
    ],
    [
      6,
      () =>
        get("main page, signed in", {
          ...pick([
            { path: "/", headers: { cookie: `tb_session=${tokens.asha}` } },
            { path: "/user-dashboard", headers: { cookie: `tb_session=${tokens.asha}` } },
            { path: "/seller-dashboard/orders", headers: { cookie: `tb_session=${tokens.s_wanderlust}` } },
            { path: "/seller-dashboard/orders", headers: { cookie: `tb_session=${tokens.s_himalayan}` } },
          ]),
        }),
    ],
    [18, () => get("search", searchRequest())],
    [4, () => [login(true)]],
    [4, () => [login(false)]],
    [14, booking],
    [8, () => get("bookings API, read", bookingsRead())],
  ];
  const total = MIX.reduce((n, [w]) => n + w, 0);

  return {
    bookings,
    notes,
    /** The next request(s) of the mix. */
    next() {
      let roll = Math.random() * total;
      for (const [weight, make] of MIX) {
        roll -= weight;
        if (roll < 0) return make();
      }
      return MIX[0][1]();
    },
    /** One try of the flood: wrong passwords for unknown accounts, always from FLOOD_IP. */
    floodRequest() {
      return {
        kind: "login flood (one address)",
        method: "POST",
        path: "/api/auth/login",
        headers: { "content-type": "application/json", "cf-connecting-ip": FLOOD_IP },
        body: JSON.stringify({ email: `guess-${randomUUID().slice(0, 8)}@example.net`, password: "Guess#12345" }),
        expect: [401, 429],
      };
    },
  };
}
