import { z } from "zod";
import { bookedChoices } from "./bookings";
import { BOOKING_STATUSES, PAYMENT_STATUSES } from "@db/bookings";
import { EVENT_OUTCOMES, PAYMENT_ROW_STATUSES, PROVIDERS, REFUND_REASONS, REFUND_STATUSES } from "@db/payments";
import { LEDGER_STATUSES } from "../../shared/ledger";
import { pricing } from "./bookings";
import { count, day, instant, pagination, paise } from "./common";
import { TRAVEL_KINDS } from "../../domain/travel/offer";

const pricedOffer = z.object({
  kind: z.enum(TRAVEL_KINDS),
  offerId: z.string(),
  title: z.string(),
  subtitle: z.string(),
  startDate: day.describe("Departure or check-in"),
  endDate: day.describe("Arrival or check-out"),
  lines: z.array(z.object({ label: z.string(), amount: z.number().int() })),
  total: paise,
  refundable: z.boolean(),
  freeCancellationUntil: z.string().optional().describe("Up to when cancelling refunds in full, when the fare allows it"),
  details: z.record(z.string(), z.unknown()).describe("The kind's own details (segments, room and meal plan, seats…)"),
});

/** A flight, stay or bus trip in the cart (issue 27): its signed offer, the travellers and seats, the offer priced now. */
const travelLine = z.object({
  kind: z.enum(TRAVEL_KINDS),
  offerId: z.string(),
  choice: z.object({
    travellers: z.array(
      z.object({
        title: z.string().optional(),
        name: z.string(),
        age: count.optional(),
        gender: z.enum(["female", "male", "other"]).optional(),
      }),
    ),
    seats: z.array(z.string()),
  }),
  offer: pricedOffer,
  changed: z
    .object({ offer: pricedOffer, previousTotal: paise })
    .nullable()
    .describe("The offer at its new price when the fare changed since it was added; the traveller accepts it before paying"),
});

/** The traveller's cart, priced now (ADR 0029). */
export const cart = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      packageId: z.string(),
      packageName: z.string(),
      city: z.string(),
      duration: z.string(),
      image: z.string().nullable(),
      sellerId: z.string(),
      sellerName: z.string(),
      startDate: day,
      adults: count,
      children: count,
      tier: z.string().nullable(),
      roomType: z.string(),
      transportType: z.string(),
      pricing: pricing.nullable().describe("Null when the trip can no longer be booked as it is (see `problem`)"),
      choices: bookedChoices,
      problem: z.string().nullable(),
      travel: travelLine.nullable().describe("Null for a package; a flight, stay or bus trip's offer and travellers otherwise"),
    }),
  ),
  total: paise,
  payable: z.boolean(),
  terms: z
    .object({ discountPercent: count, bookingFeePercent: count, childrenDiscountPercent: count })
    .describe("The platform's percentages the cart is priced with now (the operator's settings)"),
});

/** What the provider's checkout opens with: one order for the total, and the trips it pays for. */
export const checkout = z.object({
  paymentId: z.string(),
  provider: z.enum(PROVIDERS),
  key: z.string().describe("The provider's public key id"),
  orderId: z.string(),
  amount: paise,
  currency: z.literal("INR"),
  status: z.enum(PAYMENT_ROW_STATUSES),
  expiresAt: z.string().describe("When the checkout closes (30 minutes after it started); a payment after that is refunded"),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  items: z.array(z.object({ bookingId: z.string(), packageName: z.string(), sellerName: z.string(), amount: paise })),
});

/** One checkout as its traveller sees it: the payment and, per seller, the bookings it made. */
export const paymentView = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_ROW_STATUSES),
  amount: paise,
  provider: z.enum(PROVIDERS),
  providerPaymentId: z.string().nullable(),
  failureReason: z.string().nullable(),
  capturedAt: instant.nullable(),
  createdAt: instant,
  siteSellerId: z.string().nullable().describe("The seller website the checkout started on, if any"),
  sellers: z.array(
    z.object({
      sellerId: z.string(),
      sellerName: z.string(),
      bookings: z.array(
        z.object({
          _id: z.string(),
          bookingId: z.string().nullable().describe("The booking number, once the payment made the booking"),
          page: z.string().nullable().describe("A flight, stay or bus trip's own page (issue 27); null for a package booking"),
          packageName: z.string(),
          startDate: day,
          adults: count,
          children: count,
          amount: paise,
          status: z.enum(BOOKING_STATUSES).nullable(),
          paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
          sellerMessage: z.string().nullable(),
          unbookedReason: z.string().nullable().describe("Why the payment for this trip was refunded instead of booked"),
          refund: z
            .object({ bookingId: z.string(), amount: paise, status: z.enum(REFUND_STATUSES), reason: z.enum(REFUND_REASONS) })
            .nullable(),
        }),
      ),
    }),
  ),
});

/** What Razorpay Checkout's handler hands the page, or its error; the test provider answers the same. */
export const providerAnswer = z.union([
  z.object({ razorpay_order_id: z.string(), razorpay_payment_id: z.string(), razorpay_signature: z.string() }),
  z.object({ error: z.object({ code: z.string(), description: z.string() }) }),
]);

export const webhookOutcome = z.enum(EVENT_OUTCOMES);

/** The seller's payments ledger: entries, the range's totals and its chart. */
export const ledger = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      date: instant,
      kind: z.enum(["payment", "refund"]),
      bookingId: z.string(),
      bookingRef: z.string(),
      packageName: z.string(),
      customerName: z.string(),
      amount: z.number().int().describe("In paise; negative for a refund"),
      status: z.enum(LEDGER_STATUSES),
      reference: z.string().nullable(),
      refundReason: z.string().nullable(),
    }),
  ),
  pagination,
  totals: z.object({ received: paise, refunded: paise, net: paise, refundPending: paise }),
  chart: z.object({
    bucket: z.enum(["month", "day"]),
    points: z.array(z.object({ period: z.string(), received: paise, refunded: paise })),
    cut: z.boolean().describe("True when the range had more periods than the chart shows"),
  }),
});

/** What a confirmed payment became: the trips booked, and those refunded instead with the reason (issue 23). */
export const confirmation = z.object({
  paymentId: z.string(),
  status: z
    .enum(["captured", "confirming"])
    .describe("`confirming`: the bank approved the payment but the provider has not captured it yet; nothing is booked until it has"),
  captured: z.boolean().describe("Whether this call captured it (false when the webhook or an earlier call did)"),
  booked: z.number().int(),
  refunded: z.array(z.object({ packageName: z.string(), amount: paise, reason: z.string() })),
  message: z.string(),
});
