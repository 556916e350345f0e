import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { bookingSequences, bookings, cartItems, paymentItems, payments, travellers } from "@db/schema";
import type { BookedPriceTier, HotelPreference, TransportPreference } from "@db/bookings";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { paymentProviderOf } from "../../payments/config";
import { PaymentProviderError, paise } from "../../payments/provider";
import { type PricedRequest, priceRequest } from "../bookings/create";
import { todayInIndia, yearInIndia } from "../bookings/transitions";
import type { Pricing } from "../bookings/pricing";
import { type CreateBookingInput, createBookingSchema } from "../bookings/schemas";
import { DomainError, notFound, unavailable, unprocessable } from "../errors";

export const PAYMENTS_UNAVAILABLE = "Online payment is not available right now. Please try again later.";
export const PROVIDER_DOWN = "The payment provider did not answer. No money was taken; please try again.";
export const EMPTY_CART = "Your cart is empty";

/** What the checkout page opens the provider's checkout with (Razorpay Checkout's options, or the test provider's page). */
export type CheckoutSession = {
  paymentId: string;
  provider: "test" | "razorpay";
  key: string;
  orderId: string;
  amount: number;
  currency: "INR";
  status: "created" | "captured" | "failed";
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
  } & Pricing;
  travellers: { title: string; fullName: string; type: "adult" | "child"; age: number; gender: string }[];
  packageName: string;
  sellerName: string;
};

type Customer = { id: string; name: string; email: string; phone: string | null };
type Site = { sellerId: string; host: string | null };
export type CheckoutSource =
  /** The traveller's cart; on a seller's website (`site`) it may hold only that seller's trips. */
  | { kind: "cart"; site: Site | null }
  /** Book Now on a seller's website: one package of that seller, under its brand. */
  | { kind: "item"; input: CreateBookingInput; site: Site | null };

/** A cart holds at most this many trips: one payment pays for all of them. */
export const MAX_CART_ITEMS = 10;

function draftOf(input: CreateBookingInput, priced: PricedRequest): BookingDraft {
  const { pkg, priceTier, price } = priced;
  return {
    row: {
      sellerId: pkg.p.sellerId,
      packageId: pkg.p.id,
      startDate: input.travelDates.startDate,
      adults: input.customerDetails.adults,
      children: input.customerDetails.children,
      hotelPreference: input.preferences.hotel,
      transportPreference: input.preferences.transport,
      priceTier,
      ...price,
      specialRequests: input.specialRequests ?? null,
    },
    travellers: input.customerDetails.travellers.map((t) => ({ ...t })),
    packageName: pkg.p.name,
    sellerName: pkg.sellerName,
  };
}

/** Re-prices what is being bought, on the server, now: the cart's items or Book Now's one request. */
async function linesOf(db: Db, customer: Customer, source: CheckoutSource, today: string) {
  if (source.kind === "item") {
    const priced = await priceRequest(db, source.input, today);
    // SECURITY: Book Now on one seller's website buys only that seller's packages.
    if (source.site && priced.pkg.p.sellerId !== source.site.sellerId) throw notFound("Package not found");
    return [{ cartItemId: null, draft: draftOf(source.input, priced) }];
  }
  const items = await db
    .select()
    .from(cartItems)
    .where(eq(cartItems.userId, customer.id))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
    .limit(MAX_CART_ITEMS);
  if (items.length === 0) throw unprocessable(EMPTY_CART);
  // SECURITY: a checkout started on one seller's website buys only that seller's packages, the cart's too.
  if (source.site && items.some((i) => i.sellerId !== source.site?.sellerId)) throw notFound("Package not found");
  const lines = [];
  for (const item of items) {
    const input = createBookingSchema.safeParse(item.request);
    try {
      if (!input.success) throw unprocessable("This trip's details are no longer valid");
      lines.push({ cartItemId: item.id, draft: draftOf(input.data, await priceRequest(db, input.data, today)) });
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
  const lines = await linesOf(db, customer, source, todayInIndia(now));
  const createdAt = now.toISOString();
  const amount = lines.reduce((sum, l) => sum + l.draft.row.total, 0);
  if (!paise.safeParse(amount).success)
    throw unprocessable("This total is more than one online payment can take; please book fewer trips at once");
  const paymentId = `py_${crypto.randomUUID().replace(/-/g, "")}`;
  let order: Awaited<ReturnType<typeof configured.provider.createOrder>>;
  try {
    order = await configured.provider.createOrder({ amount, receipt: paymentId, notes: { customer: customer.id } });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.warn(`payment provider refused an order: ${error.message}`);
    throw unavailable(PROVIDER_DOWN);
  }
  const items = lines.map((l) => ({ bookingId: `bk_${crypto.randomUUID()}`, ...l }));
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
    prefill: { name: customer.name, email: customer.email, contact: customer.phone ?? "" },
    items: items.map((i) => ({
      bookingId: i.bookingId,
      packageName: i.draft.packageName,
      sellerName: i.draft.sellerName,
      amount: i.draft.row.total,
    })),
  };
}

/** A checkout that was started and not yet paid, opened again (Retry after a failed payment). */
export async function reopenCheckout(db: Db, config: AppConfig, customer: Customer, paymentId: string): Promise<CheckoutSession> {
  const payment = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, customer.id)))
    .get();
  if (!payment) throw notFound("Payment not found");
  const configured = paymentProviderOf(config);
  if (!configured || configured.kind !== payment.provider) throw unavailable(PAYMENTS_UNAVAILABLE);
  const items = await db.select().from(paymentItems).where(eq(paymentItems.paymentId, paymentId));
  return {
    paymentId,
    provider: configured.kind,
    key: configured.provider.publicKey,
    orderId: payment.providerOrderId,
    amount: payment.amount,
    currency: "INR",
    status: payment.status,
    prefill: { name: customer.name, email: customer.email, contact: customer.phone ?? "" },
    items: items.map((i) => {
      const draft = i.booking as BookingDraft;
      return { bookingId: i.bookingId, packageName: draft.packageName, sellerName: draft.sellerName, amount: i.amount };
    }),
  };
}

export type PaymentRow = typeof payments.$inferSelect;
type Statement = Parameters<Db["batch"]>[0][number];

const isUniqueClash = (error: unknown) => error instanceof Error && /UNIQUE constraint failed/.test(error.message);

/**
 * Marks a payment captured and writes its bookings, `pending` and paid, in ONE batch. Each booking's id was
 * fixed at checkout, so a second capture of the same payment (the Checkout callback and the webhook, or a
 * webhook sent twice at once) fails on those keys and writes nothing: exactly one effect. `also` joins the
 * batch (the webhook's event row). Returns whether this call captured it.
 */
export async function capturePayment(
  db: Db,
  payment: PaymentRow,
  providerPaymentId: string,
  now: Date,
  also: Statement[] = [],
): Promise<"captured" | "already-captured"> {
  if (payment.status === "captured") return "already-captured";
  const items = await db.select().from(paymentItems).where(eq(paymentItems.paymentId, payment.id));
  const createdAt = now.toISOString();
  const year = yearInIndia(now);
  const statements: Statement[] = [
    ...also,
    db
      .update(payments)
      .set({ status: "captured", providerPaymentId, capturedAt: createdAt, failureReason: null, updatedAt: createdAt })
      .where(and(eq(payments.id, payment.id), ne(payments.status, "captured"))),
  ];
  for (const item of items) {
    const draft = item.booking as BookingDraft;
    statements.push(
      db
        .insert(bookingSequences)
        .values({ year, last: 1 })
        .onConflictDoUpdate({ target: bookingSequences.year, set: { last: sql`${bookingSequences.last} + 1` } }),
      db.insert(bookings).values({
        ...draft.row,
        id: item.bookingId,
        bookingRef: `allocating:${item.bookingId}`,
        userId: payment.userId,
        status: "pending",
        paymentStatus: "completed",
        createdAt,
        updatedAt: createdAt,
      }),
      db
        .update(bookings)
        .set({
          bookingRef: sql`(select printf('TB-%d-%06d', ${bookingSequences.year}, ${bookingSequences.last}) from ${bookingSequences} where ${bookingSequences.year} = ${year})`,
        })
        .where(eq(bookings.id, item.bookingId)),
      // One statement per traveller: D1 allows at most 100 bound parameters per statement.
      ...draft.travellers.map((t, i) =>
        db
          .insert(travellers)
          .values({ id: `${item.bookingId}_t${i + 1}`, bookingId: item.bookingId, sellerId: item.sellerId, position: i + 1, ...t }),
      ),
    );
  }
  const fromCart = items.map((i) => i.cartItemId).filter((id): id is string => id !== null);
  if (fromCart.length > 0)
    statements.push(db.delete(cartItems).where(and(eq(cartItems.userId, payment.userId), inArray(cartItems.id, fromCart))));
  try {
    await db.batch(statements as [Statement, ...Statement[]]);
    return "captured";
  } catch (error) {
    if (isUniqueClash(error)) return "already-captured";
    throw error;
  }
}
