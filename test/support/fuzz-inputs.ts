import fc from "fast-check";
import { SEED_BOOKINGS, SEED_DOMAINS, SEED_MESSAGES, SEED_PACKAGES, SEED_SELLERS, SEED_USERS } from "../../worker/db/seed-data";

// Arbitraries for the fuzz suite: what an unfriendly visitor can put in a path, a query string,
// a body, a cookie or a header. Every string they produce is ready to go on the wire as it is
// (path and query parts are already encoded, or deliberately malformed).

/** Percent-encodings that cannot be decoded, or decode to something a router should not trust. */
const MALFORMED = "% %Z %ZZ %E0%A4 %C0%AF %FF%FE %00 %2F %2e%2e %25 %% %u0041 %E2%82 %F0%9F%98 %0A".split(" ");
const RAW_SAFE = "abcxyzXYZ0189-._~!$&'()*+,;=:@".split("");
/** Dates written YYYY-MM-DD that are no day: a month past 12, a day past the month's last, a zero. */
const IMPOSSIBLE_DATES = ["2027-13-45", "2027-02-30", "2027-00-10", "2027-04-31"];
const ODD_VALUES = ["", ...". .. undefined null NaN 0 -1 1e309 __proto__ constructor true [] {}".split(" "), "9".repeat(30)];

const rawSafe = (maxLength: number) => fc.string({ unit: fc.constantFrom(...RAW_SAFE), maxLength });
const malformed = fc.tuple(rawSafe(6), fc.constantFrom(...MALFORMED), rawSafe(6)).map((parts) => parts.join(""));

/** A length of 40 to 500, as often around D1's 50-byte LIKE limit and validators' 100 as beyond. */
const longLength = fc.oneof(fc.integer({ min: 40, max: 60 }), fc.integer({ min: 61, max: 120 }), fc.integer({ min: 121, max: 500 }));

/** `atoms` repeated to a text of 40 to 500 characters (cut at a whole character). */
const stretched = (atoms: fc.Arbitrary<string>, separator: string) =>
  fc.tuple(fc.array(atoms, { minLength: 1, maxLength: 20 }), longLength).map(([parts, length]) => {
    let text = parts.join(separator) || "x";
    while ([...text].length < length) text += separator + text;
    return [...text].slice(0, length).join("");
  });

/**
 * A long search term: words a traveller might type (which pass any check on the characters and so
 * reach the query), or text heavy in what LIKE patterns and byte limits trip on, or a shorter one
 * that escapes into a long pattern.
 */
const longText = fc.oneof(
  fc.string({ unit: fc.constantFrom("%", "_", "\\"), minLength: 10, maxLength: 39 }),
  stretched(fc.constantFrom("goa", "beach", "trek", "Manali", "family", "weekend", "with", "the", "tour", "हिमालय", "🏔️"), " "),
  stretched(fc.oneof(fc.constantFrom("%", "_", "\\", "🏔️", "😀", "'", '"', "<", ">", " ", "goa", "%_"), fc.string({ maxLength: 8 })), ""),
);

/** Any text a person or a script could type, including every script and emoji. */
const anyText = fc.string({ unit: "grapheme", maxLength: 40 });

/** One path segment, as it would appear in a URL. */
export const fuzzSegment = fc.oneof(
  { weight: 3, arbitrary: anyText.map(encodeURIComponent) },
  { weight: 3, arbitrary: malformed },
  { weight: 2, arbitrary: longText.map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.constantFrom(...ODD_VALUES).map(encodeURIComponent) },
  { weight: 1, arbitrary: rawSafe(20) },
);

const SEARCH_SEGMENTS = ["all-packages", encodeURIComponent("destination=goa&checkIn=2027-01-10&duration=5")];
/** The seller site's search segment: each field valid or not, so the destination also reaches the query. */
const searchSegment = fc
  .record(
    {
      destination: fc.oneof(longText, anyText),
      checkIn: fc.oneof(fc.constant("2027-01-10"), fc.constant("2027-02-30"), anyText),
      duration: fc.oneof(fc.constant("5"), fc.integer().map(String), anyText),
    },
    { requiredKeys: ["destination"] },
  )
  .map((fields) => encodeURIComponent(new URLSearchParams(fields as Record<string, string>).toString()));

const KNOWN_IDS = [SEED_USERS, SEED_PACKAGES, SEED_BOOKINGS, SEED_MESSAGES, SEED_DOMAINS].flatMap((rows) => rows.map((r) => r.id));
const SELLER_IDS = SEED_SELLERS.map((s) => s.id);

/**
 * A value for the route parameter `name`. Reads also get the seeded ids, so that the code behind
 * a found seller or package is reached; writes get only ids that do not exist, so no case changes
 * seeded data by chance (a body-less action on a real id is a valid request).
 */
export function paramValue(name: string, read: boolean) {
  if (!read) return fuzzSegment;
  if (/seller/i.test(name)) return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...SELLER_IDS) }, fuzzSegment);
  if (/query|search/i.test(name))
    return fc.oneof(
      { weight: 2, arbitrary: searchSegment },
      { weight: 2, arbitrary: longText.map(encodeURIComponent) },
      fc.constantFrom(...SEARCH_SEGMENTS),
      fuzzSegment,
    );
  return fc.oneof(fc.constantFrom(...KNOWN_IDS), fuzzSegment);
}

/** Keys the app reads somewhere, plus any key at all. */
const QUERY_KEYS =
  "q search destination page limit status paymentStatus when sellerId from to redirect token user checkIn checkOut date duration _data index".split(
    " ",
  );
const queryValue = fc.oneof(
  { weight: 3, arbitrary: anyText.map(encodeURIComponent) },
  { weight: 3, arbitrary: longText.map(encodeURIComponent) },
  { weight: 2, arbitrary: malformed },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(...ODD_VALUES, "2027-01-10", ...IMPOSSIBLE_DATES, "-0", "1.5", "http://evil.example", "//evil.example")
      .map(encodeURIComponent),
  },
);
const queryKey = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...QUERY_KEYS) },
  { weight: 1, arbitrary: anyText.map(encodeURIComponent) },
  { weight: 1, arbitrary: malformed },
);
/** Every other query string has a search term, under each name a search reads: the inputs that once broke D1's LIKE. */
const searchPairs = fc
  .oneof({ weight: 3, arbitrary: longText.map(encodeURIComponent) }, anyText.map(encodeURIComponent), malformed)
  .map((term) => `q=${term}&search=${term}&destination=${term}`);

/** A query string (with its `?`), or nothing; `routePair` (one in three) is a pair only some routes read. */
export const fuzzQuery = (routePair?: fc.Arbitrary<string>) =>
  fc
    .tuple(
      fc.option(searchPairs, { freq: 2, nil: undefined }),
      routePair ? fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, routePair) : fc.constant(undefined),
      fc.array(
        fc.oneof(
          { weight: 5, arbitrary: fc.tuple(queryKey, queryValue).map(([k, v]) => `${k}=${v}`) },
          { weight: 1, arbitrary: fc.oneof(malformed, fc.constantFrom("", "=", "&", "==&=")) },
        ),
        { maxLength: 4 },
      ),
    )
    .map(([search, route, pairs]) => {
      const all = [search, route, ...pairs].filter((pair) => pair !== undefined);
      return all.length ? `?${all.join("&")}` : "";
    });

export type FuzzBody = { contentType?: string; payload?: string | Uint8Array; what: string };

/** A body that fast-check prints in a few hundred characters, however large it is. */
function body(what: string, contentType?: string, payload?: string | Uint8Array): FuzzBody {
  return {
    what,
    contentType,
    payload,
    [fc.toStringMethod]() {
      const text = payload === undefined ? "" : typeof payload === "string" ? payload : `bytes ${Buffer.from(payload).toString("hex")}`;
      return `${what} (${contentType}): ${fc.stringify(text.length > 200 ? `${text.slice(0, 200)}… (${text.length})` : text)}`;
    },
  } as FuzzBody;
}

/** Field names the API's schemas use: objects with these keys reach the validators' inner checks. */
const FIELD_KEYS =
  "email password name phone otp userId sellerId status message hostname title themeColor secondaryColor websiteName logo bio address token newPassword travellers adults children travelDates customerDetails packageId priceRanges reason".split(
    " ",
  );
/** The date fields the schemas read (departures, searches, a student's course end, filters by day). */
const DATE_KEYS = ["startDate", "checkIn", "checkOut", "date", "departureDate", "returnDate", "courseEndDate", "from", "to"];
/** Values of a type no field takes (no string, no null, no number), or strings longer than any field allows. */
const wrongValue = fc.oneof(
  fc.boolean(),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.integer({ min: 5_000, max: 60_000 }).map((n) => "x".repeat(n)),
);
const json = (value: unknown, what: string) => body(what, "application/json", JSON.stringify(value));

/** A request body that no endpoint should accept. */
export const fuzzBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => json(v, "random JSON")) },
  {
    weight: 3,
    arbitrary: fc
      .dictionary(fc.constantFrom(...FIELD_KEYS), wrongValue, { minKeys: 1, maxKeys: 4 })
      .map((v) => json(v, "known keys, wrong values")),
  },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.string({ maxLength: 60 }),
        fc.constantFrom("{", '{"a":', "[1,", '{"email":"a@b.c",}', "\u0000", "null null", "{'a':1}", "\ufeff{}"),
      )
      .filter((text) => !isJson(text))
      .map((payload) => body("malformed JSON", "application/json", payload)),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=zz",
          "multipart/form-data",
          "application/xml",
          "image/png",
          "application/json; charset=utf-16",
          "*/*",
          "",
        ),
        fc.uint8Array({ maxLength: 600 }),
      )
      .map(([contentType, payload]) => body("wrong content type", contentType, payload)),
  },
  // Every date field the schemas read at once, each a date of the right shape that is no day: whichever an endpoint
  // reads reaches its date check.
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(...IMPOSSIBLE_DATES)
      .map((day) => json(Object.fromEntries(DATE_KEYS.map((key) => [key, day])), "impossible dates")),
  },
  { weight: 1, arbitrary: fc.integer({ min: 100_000, max: 400_000 }).map((n) => json("y".repeat(n), "huge string")) },
  { weight: 1, arbitrary: fc.constant(body("no body")) },
);

function isJson(text: string) {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
/** Tokens shaped like JWTs that no key signed: alg none, a forged role, garbage segments, a real token tampered. */
export const junkToken = (realTokens: string[]) =>
  fc.oneof(
    fc.constant(`${b64url({ alg: "none", typ: "JWT" })}.${b64url({ sub: "u_admin", role: "superadmin", ver: 0 })}.`),
    fc
      .tuple(fc.jsonValue({ maxDepth: 2 }), fc.jsonValue({ maxDepth: 2 }), fc.string({ maxLength: 30 }))
      .map(([h, p, s]) => `${b64url(h)}.${b64url(p)}.${Buffer.from(s).toString("base64url")}`),
    fc.tuple(fc.constantFrom(...realTokens), fc.nat(), fc.constantFrom("A", "_", "-", "%", "%ZZ", "")).map(([t, at, c]) => {
      const i = at % t.length;
      return t.slice(0, i) + c + t.slice(i + 1);
    }),
    fc.string({ maxLength: 300 }),
    malformed,
  );

/** A Cookie header with a tb_session that cannot be a session (and sometimes other cookies around it). */
export const junkCookie = (realTokens: string[]) =>
  fc
    .tuple(
      fc.oneof(junkToken(realTokens), fc.constantFrom('"quoted"', "", "%", "%ZZ", "%E0%A4", "a=b", "x".repeat(4000))),
      fc.boolean(),
      fc.string({ maxLength: 20 }),
    )
    .map(([value, twice, other]) => `tb_session=${value}${twice ? `; tb_session=${value}%; ${other}=${other}` : ""}`);

/** An Authorization header no one issued. */
export const junkAuthorization = (realTokens: string[]) =>
  fc.oneof(
    junkToken(realTokens).map((t) => `Bearer ${t}`),
    fc.constantFrom("Bearer", "Bearer ", "Basic YWRtaW46YWRtaW4=", "bearer", "Token abc", "Bearer a b c"),
    fc.string({ maxLength: 200 }),
  );

/** An Origin for a cookie-authenticated write: our own (`same`) or anyone's. */
export const fuzzOrigin = fc.oneof(
  { weight: 3, arbitrary: fc.constant("same") },
  { weight: 1, arbitrary: fc.constantFrom("null", "http://evil.example", "https://localhost", "http://localhost.evil.example", "") },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

/** A client address, so that per-address rate limits let most cases through (a 429 is a fine answer). */
export const fuzzIp = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 223 }), fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 }))
      .map((o) => o.join(".")),
  },
  { weight: 1, arbitrary: fc.ipV6() },
  { weight: 1, arbitrary: fc.constantFrom("", "not-an-ip", "999.1.1.1", "1.2.3.4, 5.6.7.8") },
);

/** Headers any client may send with anything in them. */
export const fuzzExtraHeaders = fc.record(
  {
    "idempotency-key": fc.oneof(fc.uuid(), fc.string({ maxLength: 300 }), fc.constantFrom("", " ", "%ZZ")),
    accept: fc.constantFrom("application/json", "text/html", "*/*", "text/x-component", ""),
    "x-forwarded-host": fc.constantFrom("evil.example", "wanderlust.localhost"),
  },
  { requiredKeys: [] },
);
