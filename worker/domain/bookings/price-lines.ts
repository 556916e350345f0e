import { formatRupees } from "../../shared/format";
import { BOOKING_FEE_PERCENT, DISCOUNT_PERCENT, type Pricing, roundingOf } from "./pricing";

/**
 * How a price reads to a traveller, the same on the booking form, the cart, the booking pages, the seller's order
 * page and the emails (issue 24): each line a short label that fits a phone's row, and where a traveller would ask,
 * a one-line hint. The percentages come from the constants, never from written numbers.
 */
export type PriceLine = {
  key: "base" | "discount" | "room" | "transport" | "fee" | "rounding" | "total";
  label: string;
  hint?: string;
  /** Paise, signed as the line counts: the discount is negative, rounding either. */
  amount: number;
};

export const PRICE_HINTS = {
  base: "Per-person price × travellers",
  discount: `${DISCOUNT_PERCENT}% off the package price, on every booking`,
  room: "Per night, for the room type chosen",
  transport: "Per day, for the transport chosen",
  fee: `Includes GST. ${BOOKING_FEE_PERCENT}% of the package price after discount`,
  rounding: "The total, to the nearest rupee (50 paise and more round up)",
} as const;

/** A breakdown's lines in order; the rounding line only when rounding changed the total. */
export function priceLines(p: Pricing): PriceLine[] {
  const rounding = roundingOf(p);
  return [
    { key: "base", label: "Package price", hint: PRICE_HINTS.base, amount: p.basePrice },
    { key: "discount", label: "Discount", hint: PRICE_HINTS.discount, amount: -p.discount },
    { key: "room", label: "Room upgrade", hint: PRICE_HINTS.room, amount: p.roomCharge },
    { key: "transport", label: "Transport", hint: PRICE_HINTS.transport, amount: p.transportCharge },
    { key: "fee", label: "Booking fee", hint: PRICE_HINTS.fee, amount: p.taxes },
    ...(rounding ? [{ key: "rounding", label: "Rounding", hint: PRICE_HINTS.rounding, amount: rounding } as const] : []),
    { key: "total", label: "Total", amount: p.total },
  ];
}

/** A line's amount as shown: the discount with a minus sign, rounding with its sign, the rest plain. */
export function lineAmount(line: PriceLine) {
  const figure = formatRupees(Math.abs(line.amount));
  if (line.key === "discount") return `−${figure}`;
  if (line.key === "rounding") return `${line.amount < 0 ? "−" : "+"}${figure}`;
  return formatRupees(line.amount);
}

/** What the customer dashboard's Total Savings sums. */
export const SAVINGS_NOTE = `The ${DISCOUNT_PERCENT}% discount on your confirmed bookings`;
