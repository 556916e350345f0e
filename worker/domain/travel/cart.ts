import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { cartItems } from "@db/schema";
import { type Reader, readerOf } from "../../db/batcher";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { conflict, notFound, unprocessable } from "../errors";
import { MAX_CART_ITEMS } from "../payments/policy";
import { type OfferPayload, type PricedOffer, type TravelChoice, offerSecretOf, openOfferId } from "./offer";
import { PLATFORM_MERCHANT_ID, platformMerchantStatements } from "./merchant";
import { travelHandlerOf } from "./registry";

/**
 * Flights, hotels and buses in the cart (issue 27, ADR 0053). A cart line's `request` holds `{ travel }`: the signed
 * offer id, the travellers (and seats) chosen, the offer as the traveller agreed to pay it, and, once checkout found
 * its fare changed, the new offer waiting for the traveller to accept it. Nothing is paid at a price the traveller
 * has not seen.
 */
export type TravelLine = {
  kind: PricedOffer["kind"];
  offerId: string;
  choice: TravelChoice;
  offer: PricedOffer;
  changed: { offer: PricedOffer; previousTotal: number } | null;
};

export const TRAVEL_CART_FULL = `Your cart holds at most ${MAX_CART_ITEMS} trips; please check out or remove one first`;
export const OFFER_REFUSED = "This offer is not valid. Please search again.";

export const travelLineOf = (request: unknown): TravelLine | null => {
  const travel = (request as { travel?: TravelLine } | null)?.travel;
  return travel && typeof travel === "object" && typeof travel.offerId === "string" ? travel : null;
};

/**
 * The cart form's fields (POST /cart, `intent=add-offer`): `offerId`, repeated `seat`, `boarding` and `dropping` (a
 * bus's stop ids), `travellers[i].title|name|age|gender|birthDate`.
 */
const stopId = z.string().trim().min(1).max(60).optional();
export const addOfferSchema = z.object({
  offerId: z.string().min(10).max(4096),
  seats: z.array(z.string().trim().min(1).max(10)).max(9).default([]),
  boarding: stopId,
  dropping: stopId,
  contact: z.object({ email: z.string().trim().email().max(254), phone: z.string().trim().min(6).max(20) }).optional(),
  travellers: z
    .array(
      z.object({
        title: z.string().trim().max(10).optional(),
        name: z.string().trim().min(2, "Enter each passenger's full name").max(80),
        age: z.coerce.number().int().min(0).max(120).optional(),
        gender: z.enum(["female", "male", "other"]).optional(),
        birthDate: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .optional(),
      }),
    )
    // None is allowed: a hotel stay may be in the account holder's own name; each kind's checkChoice says how many
    // it needs (a flight's every passenger, a bus trip's one per seat).
    .max(9),
});
export type AddOfferInput = z.infer<typeof addOfferSchema>;

/** The form's flat fields (`travellers[0].name`…, `seat`) as addOfferSchema's input. */
export function addOfferInputOf(fields: Record<string, unknown>, seats: string[]) {
  const travellers: Record<string, string>[] = [];
  for (const [key, value] of Object.entries(fields)) {
    const m = /^travellers\[(\d)\]\.(title|name|age|gender|birthDate)$/.exec(key);
    if (!m || typeof value !== "string") continue;
    const i = Number(m[1]);
    travellers[i] ??= {};
    travellers[i][m[2]] = value;
  }
  const stop = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);
  return {
    offerId: fields.offerId,
    seats,
    boarding: stop(fields.boarding),
    dropping: stop(fields.dropping),
    travellers: travellers.filter(Boolean).map((t) => ({
      ...t,
      age: t.age === "" ? undefined : t.age,
      gender: t.gender || undefined,
      title: t.title || undefined,
      birthDate: t.birthDate || undefined,
    })),
  };
}

/** A genuine offer id's payload and its kind's handler, or a 422 the traveller can act on. */
export async function openOffer(config: AppConfig, offerId: string) {
  const payload = await openOfferId(offerSecretOf(config), offerId);
  const handler = payload ? travelHandlerOf(payload.kind, config) : null;
  // SECURITY: a tampered, foreign or unknown-kind offer id is refused before anything reads or writes.
  if (!payload || !handler) throw unprocessable(OFFER_REFUSED, [{ path: "offerId", message: OFFER_REFUSED }]);
  return { payload, handler };
}

/** Re-prices an offer for a choice now: the offer, and the total it was searched at when that differs. */
export async function repriceOffer(
  reader: Reader,
  config: AppConfig,
  payload: OfferPayload,
  offerId: string,
  choice: TravelChoice,
  now: Date,
  signal?: AbortSignal,
) {
  const handler = travelHandlerOf(payload.kind, config);
  if (!handler) throw unprocessable(OFFER_REFUSED);
  const outcome = await handler.reprice(reader, payload, choice, { now, signal });
  if (outcome.status === "sold_out" || outcome.status === "invalid") return outcome;
  return { ...outcome, offer: { ...outcome.offer, offerId } };
}

/**
 * Adds an offer to the cart at today's price (the cart and checkout price it again): checks the travellers against
 * the offer, re-prices it, and inserts the line under the cart's limit in one statement.
 */
export async function addOfferToCart(db: Db, config: AppConfig, userId: string, input: AddOfferInput, now: Date) {
  const { payload, handler } = await openOffer(config, input.offerId);
  const choice: TravelChoice = {
    travellers: input.travellers,
    seats: input.seats,
    ...(input.boarding ? { boarding: input.boarding } : {}),
    ...(input.dropping ? { dropping: input.dropping } : {}),
    ...(input.contact ? { contact: input.contact } : {}),
  };
  const wrong = handler.checkChoice(payload, choice);
  if (wrong) throw unprocessable(wrong, [{ path: "travellers", message: wrong }]);
  const outcome = await repriceOffer(readerOf(db), config, payload, input.offerId, choice, now);
  // Gone since the search is a conflict with the world; a choice the offer cannot take (a stop not on the trip) is bad input.
  if (outcome.status === "sold_out") throw conflict(outcome.message);
  if (outcome.status === "invalid") throw unprocessable(outcome.message, [{ path: outcome.path ?? "offerId", message: outcome.message }]);
  const line: TravelLine = { kind: payload.kind, offerId: input.offerId, choice, offer: outcome.offer, changed: null };
  const id = `ci_${crypto.randomUUID()}`;
  const [, , inserted] = await db.batch([
    ...platformMerchantStatements(db),
    db
      .insert(cartItems)
      .select(
        sql`select ${id}, ${userId}, null, ${outcome.offer.title}, ${PLATFORM_MERCHANT_ID}, ${JSON.stringify({ travel: line })}, ${now.toISOString()}
            where (select count(*) from ${cartItems} where ${cartItems.userId} = ${userId}) < ${MAX_CART_ITEMS}`,
      )
      .returning({ id: cartItems.id }),
  ]);
  if (inserted.length === 0) throw conflict(TRAVEL_CART_FULL);
  return {
    id,
    title: outcome.offer.title,
    total: outcome.offer.total,
    previousTotal: outcome.status === "changed" ? outcome.previousTotal : null,
  };
}

/** The traveller accepts a changed fare: it becomes the price checkout charges. */
export async function acceptChangedFare(db: Db, userId: string, cartItemId: string) {
  const row = await db
    .select({ request: cartItems.request })
    .from(cartItems)
    .where(and(eq(cartItems.id, cartItemId), eq(cartItems.userId, userId)))
    .get();
  const line = row ? travelLineOf(row.request) : null;
  if (!line) throw notFound("This trip is not in your cart");
  if (!line.changed) return line.offer;
  const accepted: TravelLine = { ...line, offer: line.changed.offer, changed: null };
  await db
    .update(cartItems)
    .set({ request: { travel: accepted }, packageName: accepted.offer.title })
    .where(and(eq(cartItems.id, cartItemId), eq(cartItems.userId, userId)));
  return accepted.offer;
}

/** Records a fare checkout found changed, for the cart to show until the traveller accepts it. */
export function noteChangedFare(db: Db, userId: string, cartItemId: string, line: TravelLine, offer: PricedOffer) {
  const noted: TravelLine = { ...line, changed: { offer, previousTotal: line.offer.total } };
  return db
    .update(cartItems)
    .set({ request: { travel: noted } })
    .where(and(eq(cartItems.id, cartItemId), eq(cartItems.userId, userId)));
}
