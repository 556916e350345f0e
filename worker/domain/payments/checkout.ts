import { and, asc, eq, gt, inArray, isNotNull } from "drizzle-orm";
import { cartItems, paymentItems, payments } from "@db/schema";
import type { BookedChoices, BookedPriceTier, HotelPreference, TransportPreference } from "@db/bookings";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { paymentProviderOf } from "../../payments/config";
import { PaymentProviderError, paise } from "../../payments/provider";
import { type PricedRequest, hotelPreferenceOf, priceRequest } from "../bookings/create";
import { todayInIndia } from "../bookings/transitions";
import type { Pricing } from "../bookings/pricing";
import { type CreateBookingInput, createBookingSchema } from "../bookings/schemas";
import { DomainError, conflict, notFound, unavailable, unprocessable } from "../errors";
import { CHECKOUT_MINUTES, MAX_CART_ITEMS, TRIP_GONE, checkoutExpiry } from "./policy";
import { holdSeats, letGoOfSeats } from "../departures/checkout-holds";
import { travelLineOf } from "../travel/cart";
import { travelDraftAtCheckout, travelDraftOf } from "../travel/checkout";

export const PAYMENTS_UNAVAILABLE = "Online payment is not available right now. Please try again later.";
export const PROVIDER_DOWN = "The payment provider did not answer. No money was taken; please try again.";
export const EMPTY_CART = "Your cart is empty";
export const CHECKOUT_EXPIRED = `This checkout has expired (a checkout is open for ${CHECKOUT_MINUTES} minutes). Nothing was charged; your cart is kept, so please check out again.`;
export const CHECKOUT_REPLACED =
  "You started a newer checkout of your cart, so this one can no longer be paid. Nothing was charged; please pay the newer one or check out again.";
export const CHECKOUT_CONFIRMING = "This payment is being confirmed with the payment provider; you do not need to pay again.";
export const CHECKOUT_PAID = "This checkout is already paid.";

/** What the checkout page opens the provider's checkout with (Razorpay Checkout's options, or the test provider's page). */
export type CheckoutSession = {
  paymentId: string;
  provider: "test" | "razorpay";
  key: string;
  orderId: string;
  amount: number;
  currency: "INR";
  status: "created" | "captured" | "failed";
  /** When the checkout closes (ISO): the provider's checkout window is closed by then, and a later payment is refunded. */
  expiresAt: string;
  prefill: { name: string; email: string; contact: string };
  items: { bookingId: string; packageName: string; sellerName: string; amount: number }[];
};

/** A booking as checkout stored it, written when the payment is captured. */
export type BookingDraft = {
  row: {
    sellerId: string;
    packageId: string;
    startDate: string;
    adults: number;
    children: number;
    hotelPreference: HotelPreference;
    transportPreference: TransportPreference;
    priceTier: BookedPriceTier;
    specialRequests: string | null;
    /** The catalogue choices as priced at checkout (ADR 0045); absent on drafts from before. */
    choices?: BookedChoices | null;
    /** The student discount's percent the checkout applied (ADR 0049), which capture prices again with; 0 or absent when none. */
    studentDiscountPercent?: number;
  } & Pricing;
  travellers: { title: string; fullName: string; type: "adult" | "child"; age: number; gender: string }[];
  packageName: string;
  sellerName: string;
};

type Customer = { id: string; name: string; email: string; phone: string | null };
type Site = { sellerId: string; host: string | null };
export type CheckoutSource =
  /**
   * The traveller's cart; on a seller's website (`site`) it may hold only that seller's trips. `itemIds`: only these
   * lines of it (a flight's Pay now pays the line it just added, and leaves the rest of the cart for later).
   */
  | { kind: "cart"; site: Site | null; itemIds?: string[] }
  /** Book Now on a seller's website: one package of that seller, under its brand. */
  | { kind: "item"; input: CreateBookingInput; site: Site | null };

function draftOf(input: CreateBookingInput, priced: PricedRequest): BookingDraft {
  const { pkg, priceTier, price, choices, studentPercent } = priced;
  return {
    row: {
      sellerId: pkg.p.sellerId,
      packageId: pkg.p.id,
      startDate: input.travelDates.startDate,
      adults: input.customerDetails.adults,
      children: input.customerDetails.children,
      hotelPreference: hotelPreferenceOf(input, choices),
      transportPreference: input.preferences.transport,
      priceTier,
      ...price,
      choices,
      ...(studentPercent ? { studentDiscountPercent: studentPercent } : {}),
      specialRequests: input.specialRequests ?? null,
    },
    travellers: input.customerDetails.travellers.map((t) => ({ ...t })),
    packageName: pkg.p.name,
    sellerName: pkg.sellerName,
  };
}

/** Re-prices what is being bought, on the server, now: the cart's items or Book Now's one request. */
async function linesOf(db: Db, config: AppConfig, customer: Customer, source: CheckoutSource, now: Date) {
  const today = todayInIndia(now);
  if (source.kind === "item") {
    const priced = await priceRequest(db, source.input, today, now, { travellerId: customer.id });
    // SECURITY: Book Now on one seller's website buys only that seller's packages.
    if (source.site && priced.pkg.p.sellerId !== source.site.sellerId) throw notFound("Package not found");
    return [{ cartItemId: null, draft: draftOf(source.input, priced), departure: priced.departure }];
  }
  const items = await db
    .select()
    .from(cartItems)
    .where(
      and(eq(cartItems.userId, customer.id), source.itemIds ? inArray(cartItems.id, source.itemIds.slice(0, MAX_CART_ITEMS)) : undefined),
    )
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
    .limit(MAX_CART_ITEMS);
  if (items.length === 0) throw unprocessable(EMPTY_CART);
  // SECURITY: a checkout started on one seller's website buys only that seller's packages, the cart's too.
  if (source.site && items.some((i) => i.sellerId !== source.site?.sellerId)) throw notFound("Package not found");
  const lines = [];
  for (const item of items) {
    // A flight, stay or bus trip (ADR 0053): re-priced by its supplier now; a changed fare is shown before payment.
    const travel = travelLineOf(item.request);
    if (travel) {
      const draft = await travelDraftAtCheckout(db, config, customer.id, item.id, travel, now);
      lines.push({ cartItemId: item.id, draft: draft as unknown as BookingDraft, departure: null });
      continue;
    }
    const input = createBookingSchema.safeParse(item.request);
    try {
      if (item.packageId === null) throw unprocessable(TRIP_GONE);
      if (!input.success) throw unprocessable("This trip's details are no longer valid");
      const priced = await priceRequest(db, input.data, today, now, { travellerId: customer.id });
      lines.push({ cartItemId: item.id, draft: draftOf(input.data, priced), departure: priced.departure });
    } catch (error) {
      // The cart's own words: which trip cannot be bought, and what to do about it.
      if (error instanceof DomainError)
        throw unprocessable(`A trip in your cart cannot be booked: ${error.message}. Please remove it or change it.`, [
          { path: `cart.${item.id}`, message: error.message },
        ]);
      throw error;
    }
  }
  return lines;
}

/**
 * Starts paying (ADR 0029): prices everything on the server, asks the provider for one order for the total,
 * and stores the payment with one item per booking-to-be in one D1 batch. No booking exists until the payment
 * is verified; an abandoned or failed payment leaves none.
 */
export async function startCheckout(
  db: Db,
  config: AppConfig,
  customer: Customer,
  source: CheckoutSource,
  now: Date,
): Promise<CheckoutSession> {
  const configured = paymentProviderOf(config);
  if (!configured) throw unavailable(PAYMENTS_UNAVAILABLE);
  const lines = await linesOf(db, config, customer, source, now);
  const createdAt = now.toISOString();
  const amount = lines.reduce((sum, l) => sum + l.draft.row.total, 0);
  if (!paise.safeParse(amount).success)
    throw unprocessable("This total is more than one online payment can take; please book fewer trips at once");
  const paymentId = `py_${crypto.randomUUID().replace(/-/g, "")}`;
  const items = lines.map((l) => ({ bookingId: `bk_${crypto.randomUUID()}`, ...l }));
  // Seats first (ADR 0044): a departure that is sold out refuses here, before any order exists at the provider.
  const held = await holdSeats(db, paymentId, items, now);
  let order: Awaited<ReturnType<typeof configured.provider.createOrder>>;
  try {
    order = await configured.provider.createOrder({ amount, receipt: paymentId, notes: { customer: customer.id } });
  } catch (error) {
    await letGoOfSeats(db, held, now);
    if (!(error instanceof PaymentProviderError)) throw error;
    console.warn(`payment provider refused an order: ${error.message}`);
    throw unavailable(PROVIDER_DOWN);
  }
  const { site } = source;
  await db.batch([
    db.insert(payments).values({
      id: paymentId,
      userId: customer.id,
      provider: configured.kind,
      providerOrderId: order.id,
      amount,
      siteSellerId: site?.sellerId ?? null,
      siteHost: site?.host ?? null,
      createdAt,
      updatedAt: createdAt,
    }),
    ...items.map((i) =>
      db.insert(paymentItems).values({
        bookingId: i.bookingId,
        paymentId,
        sellerId: i.draft.row.sellerId,
        cartItemId: i.cartItemId,
        amount: i.draft.row.total,
        booking: i.draft,
        createdAt,
      }),
    ),
  ]);
  return {
    paymentId,
    provider: configured.kind,
    key: configured.provider.publicKey,
    orderId: order.id,
    amount,
    currency: "INR",
    status: "created",
    expiresAt: checkoutExpiry(createdAt).toISOString(),
    prefill: { name: customer.name, email: customer.email, contact: customer.phone ?? "" },
    items: items.map((i) => ({
      bookingId: i.bookingId,
      packageName: i.draft.packageName,
      sellerName: i.draft.sellerName,
      amount: i.draft.row.total,
    })),
  };
}

/**
 * A checkout that was started and not yet paid, opened again (Retry after a failed payment). Only a payable one
 * opens (issue 23): not paid yet, within its 30 minutes, the newest of the cart's checkouts, and its trips still
 * bookable as they were priced; otherwise the traveller is sent back to the cart with the reason.
 */
export async function reopenCheckout(
  db: Db,
  config: AppConfig,
  customer: Customer,
  paymentId: string,
  now: Date,
): Promise<CheckoutSession> {
  const payment = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, customer.id)))
    .get();
  if (!payment) throw notFound("Payment not found");
  const configured = paymentProviderOf(config);
  if (!configured || configured.kind !== payment.provider) throw unavailable(PAYMENTS_UNAVAILABLE);
  const items = await db.select().from(paymentItems).where(eq(paymentItems.paymentId, paymentId));
  if (payment.status === "captured") throw conflict(CHECKOUT_PAID);
  if (payment.status === "authorized") throw conflict(CHECKOUT_CONFIRMING);
  if (now.getTime() >= checkoutExpiry(payment.createdAt).getTime()) throw conflict(CHECKOUT_EXPIRED);
  if (items.some((i) => i.cartItemId !== null)) {
    const newer = await db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(paymentItems, eq(paymentItems.paymentId, payments.id))
      .where(and(eq(payments.userId, customer.id), gt(payments.createdAt, payment.createdAt), isNotNull(paymentItems.cartItemId)))
      .limit(1);
    if (newer.length > 0) throw conflict(CHECKOUT_REPLACED);
  }
  const why = await whyNotPayable(db, customer.id, items, todayInIndia(now), now);
  if (why) throw conflict(`${why}. Nothing was charged; your cart is kept, so please check it and check out again.`);
  return {
    paymentId,
    provider: configured.kind,
    key: configured.provider.publicKey,
    orderId: payment.providerOrderId,
    amount: payment.amount,
    currency: "INR",
    status: payment.status,
    expiresAt: checkoutExpiry(payment.createdAt).toISOString(),
    prefill: { name: customer.name, email: customer.email, contact: customer.phone ?? "" },
    items: items.map((i) => {
      const draft = i.booking as BookingDraft;
      return { bookingId: i.bookingId, packageName: draft.packageName, sellerName: draft.sellerName, amount: i.amount };
    }),
  };
}

/** The first reason a checkout's trips can no longer be bought as priced (the same checks the capture makes). */
async function whyNotPayable(db: Db, userId: string, items: (typeof paymentItems.$inferSelect)[], today: string, now: Date) {
  for (const item of items) {
    const draft = item.booking as BookingDraft;
    if (item.cartItemId) {
      const line = await db
        .select({ id: cartItems.id })
        .from(cartItems)
        .where(and(eq(cartItems.id, item.cartItemId), eq(cartItems.userId, userId)))
        .get();
      if (!line) return `${draft.packageName} is no longer in your cart`;
    }
    // A travel offer was re-priced when this checkout started, within its 30 minutes.
    if (travelDraftOf(item.booking)) continue;
    try {
      const input = {
        packageId: draft.row.packageId,
        priceTier: draft.row.priceTier?.label,
        travelDates: { startDate: draft.row.startDate },
        customerDetails: { adults: draft.row.adults, children: draft.row.children },
        preferences: {
          hotel: { ...draft.row.hotelPreference, roomTypeId: draft.row.choices?.hotel?.roomTypeId },
          transport: draft.row.transportPreference,
          // The catalogue choices the checkout priced (ADR 0045), priced again from the catalogue as it is now.
          mealPlan: draft.row.choices?.mealPlan?.code,
          addons: (draft.row.choices?.addons ?? []).map((a) => ({ addonId: a.id, quantity: a.quantity })),
        },
      } as unknown as CreateBookingInput;
      const priced = await priceRequest(db, input, today, now, { seats: false, travellerId: userId });
      if (priced.price.total !== item.amount) return `The price of ${draft.packageName} changed`;
    } catch (error) {
      if (error instanceof DomainError) return `${draft.packageName} cannot be booked now: ${error.message}`;
      throw error;
    }
  }
  return null;
}

export type PaymentRow = typeof payments.$inferSelect;
