import { and, asc, count, eq, sql } from "drizzle-orm";
import { cartItems, departures, packages, sellers } from "@db/schema";
import type { Reader } from "../../db/batcher";
import type { Db } from "../../db/client";
import { priceRequest } from "../bookings/create";
import { findPriceTier, isPriced, priceBooking, type Pricing } from "../bookings/pricing";
import { type CreateBookingInput, createBookingSchema } from "../bookings/schemas";
import { todayInIndia } from "../bookings/transitions";
import { onSale } from "../on-sale";
import type { BookedChoices } from "@db/bookings";
import { pricedChoicesOf } from "../catalogue/labels";
import { durationLabel } from "../seller-website/shapes";
import { conflict, notFound } from "../errors";
import { studentPercentFor } from "../students/service";
import { MAX_CART_ITEMS, TRIP_GONE } from "./policy";
import { chooseDeparture } from "../departures/check";
import { liveHeld } from "../departures/read";
import type { DepartureFacts } from "../departures/view";
import { DomainError } from "../errors";
import { readPlatformSettings } from "../platform/settings";
import { termsOf } from "../bookings/price-terms";
import { type TravelLine, travelLineOf } from "../travel/cart";

export const CART_FULL = `Your cart holds at most ${MAX_CART_ITEMS} trips; please check out or remove one first`;
export const CART_ITEM_NOT_FOUND = "This trip is not in your cart";

export type CartLine = {
  id: string;
  packageId: string;
  packageName: string;
  city: string;
  duration: string;
  image: string | null;
  sellerId: string;
  sellerName: string;
  startDate: string;
  adults: number;
  children: number;
  tier: string | null;
  roomType: string;
  transportType: string;
  /** Priced now, as checkout will price it; null with `problem` when it can no longer be bought. */
  pricing: Pricing | null;
  /** The hotel, meal plan and add-ons chosen (ADR 0045), or null. */
  choices: BookedChoices | null;
  problem: string | null;
  /** A flight, stay or bus trip (ADR 0053): its offer as agreed, and a changed fare waiting to be accepted. */
  travel: TravelLine | null;
};

export const DEPARTURE_GONE = "This departure is no longer offered; please remove the trip and add it again with another date";

/**
 * The traveller's cart, priced as checkout will price it, in one read (it joins the batch of the page).
 * A trip that can no longer be bought (unpublished, a tier gone, a past date, its departure sold out, closed or
 * gone) is listed with the reason. `now` counts the departures' live holds, as checkout will.
 */
export async function listCart(reader: Reader, userId: string, today: string, now: Date) {
  const { db, load } = reader;
  // The trip's departure, named by its travel date (ADR 0044), read with its seats in the same statement; the
  // traveller's student standing (ADR 0049) and the platform's rules join the same batch: one round trip.
  const tripDate = sql`json_extract(${cartItems.request}, '$.travelDates.startDate')`;
  const [rows, studentPercent, settings] = await Promise.all([
    load(
      db
        .select({
          // D1 batches return rows keyed by column name, so joined columns with clashing names are aliased.
          id: sql<string>`${cartItems.id}`.as("cart_item_id"),
          request: cartItems.request,
          packageId: sql<string | null>`${cartItems.packageId}`.as("package_ref"),
          packageName: sql<string>`coalesce(${packages.name}, ${cartItems.packageName})`.as("package_name"),
          city: sql<string>`coalesce(${packages.city}, '')`.as("city"),
          durationDays: sql<number>`coalesce(${packages.durationDays}, 1)`.as("duration_days"),
          images: packages.images,
          priceRanges: packages.priceRanges,
          studentDiscount: packages.studentDiscount,
          sellerId: sql<string>`${sellers.id}`.as("seller_ref"),
          sellerName: sql<string>`${sellers.name}`.as("seller_name"),
          onSale: sql<number>`case when ${onSale()} then 1 else 0 end`.as("on_sale"),
          anyDeparture: sql<number>`(select count(*) from departures d where d.package_id = ${cartItems.packageId})`.as("any_departure"),
          departureId: sql<string | null>`${departures.id}`.as("departure_id"),
          capacity: departures.capacity,
          sold: departures.sold,
          held: liveHeld(now).as("held_live"),
          cutoffHours: departures.cutoffHours,
          minGroup: departures.minGroup,
          departureStatus: sql<"open" | "closed" | null>`${departures.status}`.as("departure_status"),
        })
        .from(cartItems)
        // A package the seller deleted leaves the line (package null): the cart says the trip is gone.
        .leftJoin(packages, eq(packages.id, cartItems.packageId))
        .leftJoin(departures, and(eq(departures.packageId, cartItems.packageId), eq(departures.startDate, tripDate)))
        .innerJoin(sellers, eq(sellers.id, cartItems.sellerId))
        .where(eq(cartItems.userId, userId))
        .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
        .limit(MAX_CART_ITEMS),
    ),
    studentPercentFor(reader, userId, now),
    readPlatformSettings(reader),
  ]);
  const lines: CartLine[] = rows.map((r) => {
    const travel = travelLineOf(r.request);
    if (travel)
      return {
        id: r.id,
        packageId: "",
        packageName: travel.offer.title,
        city: travel.offer.subtitle,
        duration: "",
        image: null,
        sellerId: r.sellerId,
        sellerName: r.sellerName,
        startDate: travel.offer.startDate,
        adults: travel.choice.travellers.length,
        children: 0,
        tier: null,
        roomType: "",
        transportType: "",
        pricing: null,
        choices: null,
        problem: travel.offer.startDate < today ? "The travel date has passed" : null,
        travel,
      };
    const parsed = createBookingSchema.safeParse(r.request);
    // The catalogue choices as priced when the trip was added (ADR 0045); checkout prices them again.
    const snapshot = (r.request as { choiceSnapshot?: BookedChoices | null } | null)?.choiceSnapshot ?? null;
    const input = parsed.success ? parsed.data : null;
    const chosen = input && r.priceRanges ? findPriceTier(r.priceRanges, input.priceTier) : null;
    let problem: string | null = null;
    if (r.packageId === null) problem = TRIP_GONE;
    else if (!input) problem = "This trip's details are no longer valid";
    else if (!Number(r.onSale)) problem = "This package is no longer available";
    else if (!chosen || !isPriced(chosen.tier)) problem = "This package's price has changed; please add it again";
    else if (input.travelDates.startDate <= today) problem = "The travel date has passed";
    else problem = departureProblem(r, input, now);
    const pricing =
      input && chosen && !problem
        ? priceBooking(
            {
              unitPrice: chosen.tier.price,
              adults: input.customerDetails.adults,
              children: input.customerDetails.children,
              durationDays: r.durationDays,
              roomType: input.preferences.hotel.roomType,
              transportType: input.preferences.transport.type,
              choices: pricedChoicesOf(snapshot),
              studentDiscountPercent: r.studentDiscount ? studentPercent : 0,
            },
            settings,
          )
        : null;
    return {
      id: r.id,
      packageId: r.packageId ?? "",
      packageName: r.packageName,
      city: r.city,
      duration: durationLabel(r.durationDays),
      image: r.images?.[0] ?? null,
      sellerId: r.sellerId,
      sellerName: r.sellerName,
      startDate: input?.travelDates.startDate ?? "",
      adults: input?.customerDetails.adults ?? 0,
      children: input?.customerDetails.children ?? 0,
      tier: chosen?.tier.label ?? null,
      roomType: input?.preferences.hotel.roomType ?? "standard",
      transportType: input?.preferences.transport.type ?? "included",
      pricing,
      choices: snapshot,
      problem,
      travel: null,
    };
  });
  const total = lines.reduce((sum, l) => sum + (l.pricing?.total ?? (l.problem ? 0 : (l.travel?.offer.total ?? 0))), 0);
  const ready = (l: CartLine) => (l.travel ? !l.problem && !l.travel.changed : l.pricing !== null);
  return { items: lines, total, payable: lines.length > 0 && lines.every(ready), terms: termsOf(settings) };
}

/**
 * Why the trip's departure can no longer be booked (sold out, too few seats, closed, past its cut-off, or gone), in
 * the words checkout would answer with; null when it can, or when the package has no departures.
 */
function departureProblem(
  r: {
    anyDeparture: number;
    departureId: string | null;
    capacity: number | null;
    sold: number | null;
    held: number;
    cutoffHours: number | null;
    minGroup: number | null;
    departureStatus: "open" | "closed" | null;
  },
  input: CreateBookingInput,
  now: Date,
) {
  if (!Number(r.anyDeparture)) return null;
  if (!r.departureId) return DEPARTURE_GONE;
  const facts: DepartureFacts = {
    id: r.departureId,
    startDate: input.travelDates.startDate,
    capacity: r.capacity ?? 0,
    sold: r.sold ?? 0,
    held: Number(r.held ?? 0),
    cutoffHours: r.cutoffHours ?? 0,
    minGroup: r.minGroup,
    status: r.departureStatus ?? "closed",
  };
  try {
    chooseDeparture([facts], facts.startDate, input.customerDetails.adults + input.customerDetails.children, now);
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
}

/** Adds a trip, priced and checked as checkout will check it; the cart's limit is held in the same statement. */
export async function addToCart(db: Db, userId: string, input: CreateBookingInput, now: Date) {
  const { pkg, choices } = await priceRequest(db, input, todayInIndia(now), now, { travellerId: userId });
  const id = `ci_${crypto.randomUUID()}`;
  const inserted = await db
    .insert(cartItems)
    .select(
      sql`select ${id}, ${userId}, ${pkg.p.id}, ${pkg.p.name}, ${pkg.p.sellerId}, ${JSON.stringify({ ...input, choiceSnapshot: choices })}, ${now.toISOString()}
          where (select count(*) from ${cartItems} where ${cartItems.userId} = ${userId}) < ${MAX_CART_ITEMS}`,
    )
    .returning({ id: cartItems.id });
  if (inserted.length === 0) throw conflict(CART_FULL);
  return { id, packageName: pkg.p.name };
}

export async function removeFromCart(db: Db, userId: string, id: string) {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (removed.length === 0) throw notFound(CART_ITEM_NOT_FOUND);
}

/** How many trips are in the cart (the header's badge). */
export const cartCount = ({ db, load }: Reader, userId: string) =>
  load(db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId))).then((r) => r[0]?.n ?? 0);
