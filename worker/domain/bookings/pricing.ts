/** Business constants of spec §9 and the server-side price of a booking, in integer paise. */
export const DISCOUNT_PERCENT = 10;
export const BOOKING_FEE_PERCENT = 18;
export const MAX_TRAVELLERS = 12;
export const CHILDREN_DISCOUNT_PERCENT = 0;

/** Nightly room supplements over the package's standard room. */
export const ROOM_SUPPLEMENT_PER_NIGHT: Record<string, number> = {
  standard: 0,
  deluxe: 1_500_00,
  suite: 4_000_00,
};

/** Daily transport charges; "included" is the package's own transfer. */
export const TRANSPORT_PER_DAY: Record<string, number> = {
  included: 0,
  sedan: 1_500_00,
  suv: 2_500_00,
  "tempo-traveller": 4_000_00,
};

export type PricingInput = {
  unitPrice: number;
  adults: number;
  children: number;
  durationDays: number;
  roomType?: string | null;
  transportType?: string | null;
};

export type Pricing = {
  basePrice: number;
  discount: number;
  roomCharge: number;
  transportCharge: number;
  taxes: number;
  total: number;
};

const percentOf = (amount: number, percent: number) => Math.round((amount * percent) / 100);

export function priceBooking(input: PricingInput): Pricing {
  const childPrice = input.unitPrice - percentOf(input.unitPrice, CHILDREN_DISCOUNT_PERCENT);
  const basePrice = input.unitPrice * input.adults + childPrice * input.children;
  const discount = percentOf(basePrice, DISCOUNT_PERCENT);
  const nights = Math.max(input.durationDays - 1, 0);
  const roomCharge = (ROOM_SUPPLEMENT_PER_NIGHT[input.roomType ?? "standard"] ?? 0) * nights;
  const transportCharge = (TRANSPORT_PER_DAY[input.transportType ?? "included"] ?? 0) * input.durationDays;
  const taxes = percentOf(basePrice - discount, BOOKING_FEE_PERCENT);
  return { basePrice, discount, roomCharge, transportCharge, taxes, total: basePrice - discount + roomCharge + transportCharge + taxes };
}
