import { todayInIndia } from "../domain/bookings/transitions";

/**
 * The headers of the payments ledger's CSV download, the same for the API's route and the seller dashboard's:
 * a dated attachment, never stored by a cache, `X-Ledger-Truncated` when the newest rows were all it could hold.
 */
export function ledgerCsvHeaders(now: Date, truncated: boolean): Record<string, string> {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="tripbazaar-payments-${todayInIndia(now)}.csv"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    ...(truncated ? { "X-Ledger-Truncated": "true" } : {}),
  };
}
