import { formatRupees } from "../../shared/format";
import type { BookedChoices } from "@db/bookings";
import { ADDON_UNIT_LABELS, mealPlanName } from "../catalogue/labels";
import { type Pricing, type PricingTerms, SPEC_TERMS, roundingOf } from "./pricing";

/**
 * How a price reads to a traveller, the same on the booking form, the cart, the booking pages, the seller's order
 * page and the emails (issue 24): each line a short label that fits a phone's row, and where a traveller would ask,
 * a one-line hint. The percentages are those the price was computed with (its `priceTerms`), never written numbers.
 */
export type PriceLine = {
  key: "base" | "discount" | "student" | "room" | "transport" | "meal" | `addon:${string}` | "fee" | "rounding" | "total";
  label: string;
  hint?: string;
  /** Paise, signed as the line counts: the discount is negative, rounding either. */
  amount: number;
};

/** The hints of a price's lines, with the percentages it was priced with (spec §9's on prices made before issue 28). */
export const priceHints = (t: PricingTerms = SPEC_TERMS) =>
  ({
    base: "Per-person price × travellers",
    discount: `${t.discountPercent}% off the package price, on every booking`,
    student: "For verified students, on packages whose seller offers it",
    room: "Per night, for the room type chosen",
    transport: "Per day, for the transport chosen",
    fee: `Includes GST. ${t.bookingFeePercent}% of the package price after discount`,
    rounding: "The total, to the nearest rupee (50 paise and more round up)",
  }) as const;

export const PRICE_HINTS = priceHints();

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/**
 * The lines of the catalogue choices (ADR 0045): the meal plan, and each add-on on a line of its own, its amount
 * computed as the pricing function computed it, so the lines add up to `addonCharge`.
 */
function choiceLines(p: Pricing, choices: BookedChoices | null | undefined): PriceLine[] {
  const lines: PriceLine[] = [];
  if (choices?.mealPlan)
    lines.push({
      key: "meal",
      label: `Meals: ${choices.mealPlan.code}`,
      hint: `${mealPlanName(choices.mealPlan.code)}, per person per night`,
      amount: p.mealCharge ?? 0,
    });
  for (const a of choices?.addons ?? [])
    lines.push({
      key: `addon:${a.id}`,
      label: a.quantity > 1 ? `${a.name} × ${a.quantity}` : a.name,
      hint: `Add-on, ${ADDON_UNIT_LABELS[a.unit as keyof typeof ADDON_UNIT_LABELS] ?? a.unit}`,
      amount: a.amount,
    });
  return lines;
}

/**
 * A breakdown's lines in order; the rounding line only when rounding changed the total. With catalogue `choices`,
 * the room line names the hotel's room and the meal plan and each add-on get their own lines.
 */
export function priceLines(p: Pricing, choices?: BookedChoices | null): PriceLine[] {
  const rounding = roundingOf(p);
  const PRICE_HINTS = priceHints(p.priceTerms);
  const hotel = choices?.hotel;
  return [
    { key: "base", label: "Package price", hint: PRICE_HINTS.base, amount: p.basePrice },
    { key: "discount", label: "Discount", hint: PRICE_HINTS.discount, amount: -p.discount },
    ...(p.studentDiscount
      ? [{ key: "student", label: "Student discount", hint: PRICE_HINTS.student, amount: -p.studentDiscount } as const]
      : []),
    hotel
      ? {
          key: "room",
          label: `Hotel: ${hotel.name}`,
          hint: `${hotel.roomType}, ${plural(hotel.rooms, "room")} × ${plural(hotel.nights, "night")}`,
          amount: p.roomCharge,
        }
      : { key: "room", label: "Room upgrade", hint: PRICE_HINTS.room, amount: p.roomCharge },
    { key: "transport", label: "Transport", hint: PRICE_HINTS.transport, amount: p.transportCharge },
    ...choiceLines(p, choices),
    { key: "fee", label: "Booking fee", hint: PRICE_HINTS.fee, amount: p.taxes },
    ...(rounding ? [{ key: "rounding", label: "Rounding", hint: PRICE_HINTS.rounding, amount: rounding } as const] : []),
    { key: "total", label: "Total", amount: p.total },
  ];
}

/** A line's amount as shown: the discount with a minus sign, rounding with its sign, the rest plain. */
export function lineAmount(line: PriceLine) {
  const figure = formatRupees(Math.abs(line.amount));
  if (line.key === "discount" || line.key === "student") return `−${figure}`;
  if (line.key === "rounding") return `${line.amount < 0 ? "−" : "+"}${figure}`;
  return formatRupees(line.amount);
}

/**
 * What the customer dashboard's Total Savings sums: each confirmed booking's discounts as stored when it was priced,
 * the platform's (at whatever percentage applied then) and a verified student's, so no one percentage is named.
 */
export const SAVINGS_NOTE = "The discounts on your confirmed bookings, student discounts included";
