import { type AppLoadContext, data, redirect } from "@remix-run/cloudflare";
import { findCustomer } from "@worker/domain/auth/accounts";
import { studentPercentOnPackage } from "@worker/domain/students/service";
import { LIMITS, enforce } from "@worker/domain/auth/rate-limit";
import { TRAVELLERS_CEILING, createBookingSchema } from "@worker/domain/bookings/schemas";
import { readPlatformSettings } from "@worker/domain/platform/settings";
import { badRequest, forbidden } from "@worker/domain/errors";
import { addToCart } from "@worker/domain/payments/cart";
import { type CheckoutSession, reopenCheckout, startCheckout } from "@worker/domain/payments/checkout";
import { confirmPayment, recordFailure } from "@worker/domain/payments/confirm";
import { payWithTestProvider } from "@worker/domain/payments/test-checkout";
import type { ActionResult } from "~/lib/action-result";
import { FAILED_PAYMENT } from "../payments/use-checkout";
import { type SignedInUser, liveUser, refusal, requireUser, signedInHeaders } from "~/lib/session.server";
import { ADDON_FIELD, type Fields, type TripFormData, travellerField } from "./trip-fields";

/**
 * The writes of the trip form and of checkout's start, as page actions (issue 22): Add to cart, Book Now (a
 * checkout of one trip), the cart's Pay and "Try payment again", with the same schemas, limits and services as
 * `POST /api/cart`, `POST /api/payments/checkout` and `POST /api/payments/:id/reopen`. With scripts the page opens the provider's checkout with the answer; without
 * them it shows how to pay, and the test provider's page (development and tests) is a form here too.
 */

const CUSTOMERS_ONLY = "Only customer accounts can buy trips";

export type TripAnswer = ActionResult & {
  intent?: string;
  /** Added to the cart: the package's name. */
  added?: string;
  /** A checkout to pay: the provider's checkout opens with it (or the page says how to pay). */
  checkout?: CheckoutSession;
  /** What was sent, to fill the form again after a refusal. */
  values?: Fields;
};

/** Where the form is: a seller's website (its trips only, its own sign-in and booking pages) or the marketplace. */
export type Shop = {
  site: { sellerId: string; host: string | null } | null;
  /** This site's sign-in page. */
  login: string;
  /** A paid checkout's page: the checkout's outcome, on the seller's site or the marketplace (issue 24). */
  paidPage: (session: CheckoutSession) => string;
};

export function shopOf(context: AppLoadContext): Shop {
  const { tenant } = context;
  if (tenant.kind !== "seller")
    return { site: null, login: "/login", paidPage: (s) => `/booking-success?payment=${encodeURIComponent(s.paymentId)}` };
  const site = { sellerId: tenant.sellerId, host: tenant.mode === "domain" ? tenant.hostname : null };
  return {
    site,
    login: `${tenant.basePath}/login`,
    paidPage: (s) => `${tenant.basePath}/booking-success?payment=${encodeURIComponent(s.paymentId)}`,
  };
}

/**
 * The trip form's own address (`?book=1`): the form, for anyone (issue 24). A signed-in visitor's name fills the
 * first traveller; a guest fills it in and is asked to sign in when they pay (or add it to the cart), and comes
 * back to the form as they left it (`tripAction`). Null when the address does not ask for it.
 */
export async function tripFormData(context: AppLoadContext, packageId = ""): Promise<TripFormData> {
  if (!context.url.searchParams.has("book")) return null;
  // The platform's rules and the student discount the preview shows (ADR 0049) join the page's batch beside the
  // session check: the form's preview prices as the server will, in one round trip.
  const [user, settings, percent] = await Promise.all([
    liveUser(context),
    readPlatformSettings(context),
    studentPercentOnPackage(context, context.viewer?.sub, packageId, context.now),
  ]);
  const { discountPercent, bookingFeePercent, childrenDiscountPercent, maxTravellers } = settings;
  return {
    traveller: user?.name ?? "",
    signedIn: user !== null,
    terms: { discountPercent, bookingFeePercent, childrenDiscountPercent, maxTravellers },
    studentDiscountPercent: user?.role === "user" ? percent : 0,
  };
}

/**
 * Where a guest's Pay or Add to cart comes back to after sign-in (or sign-up and its code): the form's own
 * address with what they chose in its query, which the form starts from (trip-fields.ts). Past the way back's
 * length limit only the page is kept (session.server.ts).
 */
function formWithChoices(context: AppLoadContext, values: Fields) {
  const back = new URL(context.url);
  back.search = new URLSearchParams({ ...values, book: "1" }).toString();
  return back;
}

/** The booking request (`POST /api/bookings`'s body) from the form's flat fields; the schema decides the rest. */
export function tripRequestOf(fields: Fields, packageId: string) {
  const adults = Number(fields.adults);
  const children = Number(fields.children ?? 0);
  const count = Number.isInteger(adults + children) ? Math.min(Math.max(adults + children, 0), TRAVELLERS_CEILING + 1) : 0;
  const tier = fields.priceTier;
  return {
    packageId,
    priceTier: tier === undefined ? undefined : /^\d+$/.test(tier) ? Number(tier) : tier,
    travelDates: { startDate: fields.startDate },
    customerDetails: {
      adults: fields.adults,
      children: fields.children ?? "0",
      travellers: Array.from({ length: count }, (_, i) => ({
        title: fields[travellerField(i, "title")],
        fullName: fields[travellerField(i, "fullName")],
        age: fields[travellerField(i, "age")],
        gender: fields[travellerField(i, "gender")],
        type: i < adults ? "adult" : "child",
      })),
    },
    preferences: {
      hotel: { name: fields.hotelName, roomType: fields.roomType || undefined, roomTypeId: fields.roomTypeId || undefined },
      transport: { name: fields.transportName, type: fields.transportType || undefined },
      mealPlan: fields.mealPlan || undefined,
      // `addon.<id>`: the quantity chosen of each of the package's add-ons (ADR 0045).
      addons: Object.entries(fields)
        .filter(([k, v]) => k.startsWith(ADDON_FIELD) && v !== "" && v !== "0")
        .map(([k, v]) => ({ addonId: k.slice(ADDON_FIELD.length), quantity: v })),
    },
    specialRequests: fields.specialRequests,
  };
}

function customerOf(context: AppLoadContext, user: SignedInUser) {
  if (user.role !== "user") throw forbidden(CUSTOMERS_ONLY);
  return findCustomer(context.db, user.id);
}

/**
 * The trip form's and checkout's writes, by `intent`: `cart` (Add to cart), `book` (Book Now: a checkout of this
 * trip), `checkout` (the cart's Pay), `reopen` (pay again for the same checkout after a failed payment) and
 * `test-pay` (the test provider's Pay or Decline, without scripts).
 * `packageId` is the page's package (from its address, never the form).
 */
export async function tripAction(context: AppLoadContext, shop: Shop, fields: Fields, packageId = "") {
  const { intent = "", ...values } = fields;
  const fromForm = intent === "book" || intent === "cart";
  const user = await requireUser(context, undefined, {
    login: shop.login,
    back: fromForm ? formWithChoices(context, values) : context.url,
  });
  const { db, config, now } = context;
  const answer = (body: TripAnswer) => data<TripAnswer>({ ...body, intent }, { headers: signedInHeaders });
  try {
    switch (intent) {
      case "cart": {
        if (user.role !== "user") throw forbidden(CUSTOMERS_ONLY);
        const added = await addToCart(db, user.id, createBookingSchema.parse(tripRequestOf(fields, packageId)), now);
        return answer({ ok: true, message: "Added to your cart", added: added.packageName });
      }
      case "book":
      case "checkout": {
        const customer = await customerOf(context, user);
        const source =
          intent === "book"
            ? { kind: "item" as const, input: createBookingSchema.parse(tripRequestOf(fields, packageId)), site: shop.site }
            : { kind: "cart" as const, site: shop.site };
        await enforce(db, [[LIMITS.checkoutAccount, customer.id]]);
        return answer({ ok: true, message: "", checkout: await startCheckout(db, config, customer, source, now) });
      }
      case "reopen": {
        // The customer's own unpaid checkout only (another's is not found); its provider order stays open.
        const customer = await customerOf(context, user);
        return answer({ ok: true, message: "", checkout: await reopenCheckout(db, config, customer, fields.paymentId ?? "", now) });
      }
      case "test-pay": {
        const customer = await customerOf(context, user);
        const paymentId = fields.paymentId ?? "";
        await enforce(db, [[LIMITS.paymentCallbackAccount, customer.id]]);
        const outcome = fields.outcome === "success" ? "success" : "failure";
        const { answer: paid, webhook, session } = await payWithTestProvider(db, config, customer, paymentId, outcome, now);
        context.ctx.waitUntil(webhook());
        if ("error" in paid) {
          await recordFailure(db, customer.id, paymentId, paid.error.description);
          const message = `${FAILED_PAYMENT} (${paid.error.description})`;
          // Declined is an answer, not an error: the page offers to pay again.
          return answer({ ok: false, message, checkout: session });
        }
        await confirmPayment(db, config, customer.id, paymentId, paid, now);
        return redirect(shop.paidPage(session), { headers: signedInHeaders });
      }
      default:
        throw badRequest("Unknown action");
    }
  } catch (error) {
    return refusal(error, { intent, values });
  }
}
