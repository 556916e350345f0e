import type { BatchItem } from "drizzle-orm/batch";
import type { Reader } from "../../db/batcher";
import type { Db } from "../../db/client";
import { base64url, latin1ToBase64url, sameText, shortMac } from "../mac";

/**
 * Flights, hotels and buses (issue 27): what every kind's supplier hands the cart and the checkout.
 *
 * A search result carries an offer id: the offer's own facts (route, date, fare basis, price when searched) signed
 * with HMAC-SHA-256 under OFFER_SECRET (or a key derived from JWT_SECRET under its own label), so the server can
 * verify and re-price it without trusting the browser. A tampered or foreign id fails `openOfferId`.
 */
export const TRAVEL_KINDS = ["flight", "hotel", "bus"] as const;
export type TravelKind = (typeof TRAVEL_KINDS)[number];

/** What an offer id carries: the kind, when it was issued (ms), and the kind's own facts. */
export type OfferPayload = { kind: TravelKind; issuedAt: number; data: Record<string, unknown> };

/** One line of a priced offer's breakdown, in paise. */
export type OfferLine = { label: string; amount: number };

/** An offer as the supplier prices it now: what the cart shows and the checkout charges. */
export type PricedOffer = {
  kind: TravelKind;
  offerId: string;
  /** "IndiGo 6E 2134 · DEL → BOM", "Sea Breeze Resort, Goa · Deluxe room", "VRL Travels · Bengaluru → Chennai". */
  title: string;
  subtitle: string;
  /** ISO dates (YYYY-MM-DD): departure or check-in, and arrival or check-out. */
  startDate: string;
  endDate: string;
  lines: OfferLine[];
  /** Integer paise, the sum of `lines`. */
  total: number;
  refundable: boolean;
  /** ISO timestamp up to which cancelling refunds in full, when the fare allows it. */
  freeCancellationUntil?: string;
  /** The kind's own details (segments, room and meal plan, seats…), kept on the booking as a snapshot. */
  details: Record<string, unknown>;
};

/**
 * Re-pricing before money is taken: the same offer at the same price, the same offer at a new price (the traveller
 * must see it before paying), or gone.
 */
export type RepriceOutcome =
  | { status: "available"; offer: PricedOffer }
  | { status: "changed"; offer: PricedOffer; previousTotal: number }
  | { status: "sold_out"; message: string }
  /** `path`: the choice's field at fault (`boarding`), when the offer itself is fine. */
  | { status: "invalid"; message: string; path?: string };

const encoder = new TextEncoder();

/** The key offer ids are signed with; without OFFER_SECRET one derived from JWT_SECRET under its own label. */
export const offerSecretOf = (config: { OFFER_SECRET?: string; JWT_SECRET: string }) =>
  config.OFFER_SECRET ?? `travel-offer:${config.JWT_SECRET}`;

/** A string's UTF-8 bytes in base64url; an ASCII string (every offer's JSON so far) is its own bytes. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, control characters included
const ASCII = /^[\x00-\x7f]*$/;
const textToBase64url = (text: string) => (ASCII.test(text) ? latin1ToBase64url(text) : base64url(encoder.encode(text)));

const fromBase64url = (text: string) => {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

const macOf = (secret: string, body: string) => shortMac(secret, `offer:${body}`);

/** `<base64url JSON>.<base64url MAC>`: short enough for an address, opaque to nobody, forgeable by nobody. */
export async function signOfferId(secret: string, payload: OfferPayload) {
  const body = textToBase64url(JSON.stringify(payload));
  return `${body}.${await macOf(secret, body)}`;
}

/** The payload of a genuine offer id, or null for anything else (tampered, truncated, another key, not JSON). */
export async function openOfferId(secret: string, id: unknown): Promise<OfferPayload | null> {
  if (typeof id !== "string" || id.length > 4096) return null;
  const [body, mac, extra] = id.split(".");
  if (!body || !mac || extra !== undefined) return null;
  if (!sameText(await macOf(secret, body), mac)) return null;
  try {
    const payload = JSON.parse(new TextDecoder().decode(fromBase64url(body))) as OfferPayload;
    if (!payload || typeof payload !== "object" || !(TRAVEL_KINDS as readonly string[]).includes(payload.kind)) return null;
    if (typeof payload.issuedAt !== "number" || !payload.data || typeof payload.data !== "object") return null;
    return payload;
  } catch {
    return null;
  }
}

/**
 * What a traveller adds to an offer in the cart form (POST /cart, `intent=add-offer`, `offerId`, repeated `seat`,
 * `travellers[i].title|name|age|gender`): the people travelling and, on a bus, the seats chosen.
 */
export type TravellerInput = {
  title?: string;
  name: string;
  age?: number;
  gender?: "female" | "male" | "other";
  /** ISO date, when the fare asks for it (a flight's children and infants); `age` is then the age on the travel date. */
  birthDate?: string;
};
/**
 * `boarding` and `dropping`: a bus trip's chosen stop ids (the trip's first and last when absent, as on lines added
 * before they could be chosen). `contact`: who the supplier and we reach about the booking (a flight's form sends it).
 */
export type TravelChoice = {
  travellers: TravellerInput[];
  seats: string[];
  boarding?: string;
  dropping?: string;
  contact?: { email: string; phone: string };
};

/** Re-pricing's context: the request's clock and its abort signal (a cancelled request stops the supplier's work). */
export type SupplierContext = { now: Date; signal?: AbortSignal };

/** A public search's context: the supplier's, and the client address it is counted against (throttleSearch). */
export type SearchContext = SupplierContext & { client: string };

/**
 * One kind's part in the cart and the checkout (worker/domain/travel/registry.ts maps each kind to one). The supplier
 * behind it may be the built-in offline one or a real aggregator's adapter; the cart never knows which.
 */
export interface TravelKindHandler {
  /** The travellers and seats the form sent, checked against the offer: a message the traveller can act on, or null. */
  checkChoice(payload: OfferPayload, choice: TravelChoice): string | null;
  /** The offer priced now, for these travellers and seats: available, changed (with the old total), sold out or invalid. */
  reprice(reader: Reader, payload: OfferPayload, choice: TravelChoice, context: SupplierContext): Promise<RepriceOutcome>;
  /**
   * Statements that hold the inventory a paid booking takes (a bus's seats, a flight's seats left), run in the batch
   * that captures the payment; those of a cancellation give it back. Optional: an offer without inventory needs none.
   */
  bookStatements?(db: Db, booking: { id: string; offer: PricedOffer; choice: TravelChoice }): BatchItem<"sqlite">[];
  releaseStatements?(db: Db, booking: { id: string; offer: PricedOffer; choice: TravelChoice }): BatchItem<"sqlite">[];
}
