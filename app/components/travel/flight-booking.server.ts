import { type AppLoadContext, data, redirect } from "@remix-run/cloudflare";
import { findCustomer } from "@worker/domain/auth/accounts";
import { LIMITS, enforce } from "@worker/domain/auth/rate-limit";
import { todayInIndia } from "@worker/domain/bookings/transitions";
import { conflict, forbidden, unprocessable } from "@worker/domain/errors";
import { startCheckout } from "@worker/domain/payments/checkout";
import { OFFER_REFUSED, addOfferToCart, openOffer, repriceOffer } from "@worker/domain/travel/cart";
import { FLIGHT_TITLES } from "@worker/domain/travel/flights/handler";
import type { FlightOfferData } from "@worker/domain/travel/flights/search";
import type { FlightQuery } from "@worker/domain/travel/flights/supplier";
import type { TravelChoice, TravellerInput } from "@worker/domain/travel/offer";
import { formatDate, formatRupees } from "@worker/shared/format";
import { z } from "zod";
import { shopOf, tripAction } from "~/components/bookings/trip-actions.server";
import { stringFields } from "~/components/bookings/trip-fields";
import { readerOf } from "@worker/db/batcher";
import { refusal, requireUser, signedInHeaders } from "~/lib/session.server";
import { type FlightBookingAnswer, type PassengerKind, passengerKindsOf } from "./flight-booking-fields";
import { isCalendarDate } from "@worker/shared/calendar-date";

const CUSTOMERS_ONLY = "Only customer accounts can buy trips";
const CHECK_FIELDS = "Check the highlighted details";

const email = z.string().trim().email("Enter an email address like name@example.com").max(254);
const phone = z
  .string()
  .trim()
  .regex(/^\+?[\d\s-]{10,20}$/, "Enter a mobile number of 10 digits (with +91 if you like)")
  .refine((p) => p.replace(/\D/g, "").length <= 13, "Enter a mobile number of 10 digits (with +91 if you like)");

/** Whole years from `birth` to `on` (both ISO dates): the age on the day of travel. */
export function ageOn(birth: string, on: string) {
  const [by, bm, bd] = birth.split("-").map(Number);
  const [y, m, d] = on.split("-").map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

const KIND_WORDS: Record<PassengerKind, string> = {
  adult: "an adult (12 or older)",
  child: "a child (2 to 11)",
  infant: "an infant (under 2)",
};

/**
 * The booking form's passengers and contact, checked field by field against the fare: adults give an age (12+),
 * children and infants a date of birth that makes them a child or an infant on the day of travel (airlines ask an
 * infant's, and the fare depends on it). Each problem is keyed by the field's own name, for the page to show beside it.
 */
export function passengersOf(fields: Record<string, string>, query: FlightQuery, today: string) {
  const errors: Record<string, string> = {};
  const travellers: TravellerInput[] = [];
  for (const [i, kind] of passengerKindsOf(query.passengers).entries()) {
    const field = (name: string) => `travellers[${i}].${name}`;
    const n = i + 1;
    const title = fields[field("title")] ?? "";
    const name = (fields[field("name")] ?? "").trim().replace(/\s+/g, " ");
    if (!(FLIGHT_TITLES as readonly string[]).includes(title)) errors[field("title")] = `Choose passenger ${n}'s title`;
    if (name.length < 2 || name.length > 80 || !/^[\p{L}][\p{L} .'-]*$/u.test(name) || !name.includes(" "))
      errors[field("name")] = `Enter passenger ${n}'s first and last name as on their ID`;
    if (kind === "adult") {
      const raw = (fields[field("age")] ?? "").trim();
      const age = /^\d{1,3}$/.test(raw) ? Number(raw) : Number.NaN;
      if (!(age >= 12 && age <= 120)) errors[field("age")] = `Enter passenger ${n}'s age: ${KIND_WORDS.adult}`;
      travellers.push({ title, name, age });
      continue;
    }
    const birthDate = (fields[field("birthDate")] ?? "").trim();
    const real = isCalendarDate(birthDate);
    const age = real ? ageOn(birthDate, query.departureDate) : Number.NaN;
    const fits = kind === "child" ? age >= 2 && age <= 11 : age >= 0 && age < 2;
    if (!real) errors[field("birthDate")] = `Enter passenger ${n}'s date of birth`;
    else if (birthDate > today) errors[field("birthDate")] = `Passenger ${n}'s date of birth is in the future`;
    else if (!fits)
      errors[field("birthDate")] =
        `Passenger ${n} must be ${KIND_WORDS[kind]} on ${formatDate(query.departureDate)}; search again with the right passengers if not`;
    travellers.push({ title, name, age, birthDate });
  }
  const contact = { email: email.safeParse(fields["contact.email"] ?? ""), phone: phone.safeParse(fields["contact.phone"] ?? "") };
  if (!contact.email.success) errors["contact.email"] = contact.email.error.issues[0].message;
  if (!contact.phone.success) errors["contact.phone"] = contact.phone.error.issues[0].message;
  if (!contact.email.success || !contact.phone.success) return { errors, choice: null };
  const choice: TravelChoice = { travellers, seats: [], contact: { email: contact.email.data, phone: contact.phone.data } };
  return Object.keys(errors).length ? { errors, choice: null } : { errors, choice };
}

/** The form's values sent back with a refusal, to fill it again (a post without scripts renders the page anew). */
const valuesOf = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).filter(([k]) => /^(travellers\[\d\]\.\w+|contact\.(email|phone))$/.test(k)));

/**
 * The flight booking page's writes (issue 27). `cart` (Add to cart) and `pay` (Pay now): the passengers and contact
 * checked against the fare, the offer re-priced, and refused with the new fare when it is not the one the page showed
 * (nothing is written then); else the flight joins the cart, and Pay now starts a checkout of that one line, as a
 * package's Book Now does. `test-pay` and `reopen` are the checkout's own (the test provider's form without scripts,
 * pay again after a failure).
 */
export async function flightBookingAction(context: AppLoadContext, input: Record<string, unknown>) {
  const fields = stringFields(input);
  const { intent = "" } = fields;
  if (intent === "test-pay" || intent === "reopen") return tripAction(context, shopOf(context), fields);
  // A guest signs in and comes back to this offer (its address holds the offer id).
  const user = await requireUser(context);
  const values = valuesOf(fields);
  const answer = (body: FlightBookingAnswer, status = 200) => data<FlightBookingAnswer>(body, { status, headers: signedInHeaders });
  try {
    if (user.role !== "user") throw forbidden(CUSTOMERS_ONLY);
    if (intent !== "cart" && intent !== "pay") throw unprocessable("Choose Add to cart or Pay now");
    const offerId = fields.offerId ?? "";
    // SECURITY: the offer id is verified before anything else is read; the price is the supplier's, never the form's.
    const { payload, handler } = await openOffer(context.config, offerId);
    if (payload.kind !== "flight") throw unprocessable(OFFER_REFUSED, [{ path: "offerId", message: OFFER_REFUSED }]);
    const { query } = payload.data as FlightOfferData;
    const { errors, choice } = passengersOf(fields, query, todayInIndia(context.now));
    if (!choice) return answer({ ok: false, intent, message: CHECK_FIELDS, fieldErrors: errors, values }, 422);
    const wrong = handler.checkChoice(payload, choice);
    if (wrong) throw unprocessable(wrong, [{ path: "travellers", message: wrong }]);
    const outcome = await repriceOffer(readerOf(context.db), context.config, payload, offerId, choice, context.now);
    if (outcome.status === "sold_out") throw conflict(outcome.message);
    if (outcome.status === "invalid") throw unprocessable(outcome.message, [{ path: "offerId", message: outcome.message }]);
    const seen = Number(fields.seenTotal);
    if (outcome.offer.total !== seen) {
      const { total, lines } = outcome.offer;
      const message = Number.isSafeInteger(seen)
        ? `The fare changed from ${formatRupees(seen)} to ${formatRupees(total)} while you were booking. Nothing was charged; check the new fare and press ${intent === "pay" ? "Pay now" : "Add to cart"} again.`
        : `The fare is now ${formatRupees(total)}. Nothing was charged; check it and press ${intent === "pay" ? "Pay now" : "Add to cart"} again.`;
      return answer({ ok: false, intent, message, fare: { total, lines, previousTotal: seen }, values }, 409);
    }
    // Pay now's checks before the flight joins the cart, so a refusal leaves the cart as it was.
    const customer = intent === "pay" ? await findCustomer(context.db, user.id) : null;
    if (customer) await enforce(context.db, [[LIMITS.checkoutAccount, customer.id]]);
    const added = await addOfferToCart(
      context.db,
      context.config,
      user.id,
      { offerId, seats: [], travellers: choice.travellers, contact: choice.contact },
      context.now,
    );
    if (!customer) throw redirect("/cart", { headers: signedInHeaders });
    const checkout = await startCheckout(
      context.db,
      context.config,
      customer,
      { kind: "cart", site: null, itemIds: [added.id] },
      context.now,
    );
    return answer({ ok: true, intent, message: "", checkout });
  } catch (error) {
    if (error instanceof Response) throw error;
    return refusal(error, { intent, values });
  }
}
