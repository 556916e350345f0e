/**
 * What the API stores as an approval's message when the seller writes none (spec §7). No page or email presents it
 * as the seller's words (issue 24). Its own module, free of zod, so that pages can import it.
 */
export const APPROVED_BY_SELLER = "Booking approved by seller";

/** A rejection's reason is required (the reject dialog and the API say the same). */
export const REASON_REQUIRED = "Please provide a reason for rejection";
