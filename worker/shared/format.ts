/** en-IN display formats (spec §3). Values are stored as ISO strings in UTC and integer paise. */
const LOCALE = "en-IN";

const dateFormat = new Intl.DateTimeFormat(LOCALE, { year: "numeric", month: "long", day: "numeric", timeZone: "Asia/Kolkata" });
const timeFormat = new Intl.DateTimeFormat(LOCALE, { hour: "2-digit", minute: "2-digit", timeZone: "Asia/Kolkata" });
const rupees = new Intl.NumberFormat(LOCALE, { style: "currency", currency: "INR", maximumFractionDigits: 0 });
const rupeesExact = new Intl.NumberFormat(LOCALE, {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

function toDate(value: string | number | Date) {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T00:00:00+05:30`);
  return new Date(value);
}

export const formatDate = (value: string | number | Date) => dateFormat.format(toDate(value));
export const formatTime = (value: string | number | Date) => timeFormat.format(toDate(value));

/** ₹15,999 for 1599900 paise; paise shown only when the amount has them. */
export function formatRupees(paise: number) {
  return paise % 100 === 0 ? rupees.format(paise / 100) : rupeesExact.format(paise / 100);
}
