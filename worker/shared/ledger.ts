/** The seller's payments ledger's words, shared by its page, its API and its CSV (worker/domain/payments/ledger.ts). */

/** An entry's state: a payment share received, or a refund of one by where it stands. */
export const LEDGER_STATUSES = ["received", "refunded", "refund-pending", "refund-failed"] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

export const LEDGER_STATUS_LABELS: Record<LedgerStatus, string> = {
  received: "Received",
  refunded: "Refunded",
  "refund-pending": "Refund on its way",
  "refund-failed": "Refund failed",
};

export const LEDGER_KIND_LABELS = { payment: "Payment", refund: "Refund" } as const;
export type LedgerKind = keyof typeof LEDGER_KIND_LABELS;

/** The most rows one CSV export holds; a longer range is cut to its newest rows and should be narrowed. */
export const CSV_MAX_ROWS = 10_000;
