import { sellers, users } from "@db/schema";
import type { Db } from "../../db/client";

/**
 * The platform as the merchant of flights, hotels and buses (ADR 0053): one seller row, with its account, that their
 * payment items and refunds name, so `payment_items.seller_id` and `refunds.seller_id` stay NOT NULL and every
 * ledger query keeps working. Its account cannot sign in (disabled, no password) and its site has no address (no
 * slug). Written with the first travel checkout, in that checkout's batch; afterwards the statements change nothing.
 */
export const PLATFORM_MERCHANT_ID = "platform";
export const PLATFORM_MERCHANT_NAME = "Tripbazaar";

export function platformMerchantStatements(db: Db) {
  return [
    db
      .insert(users)
      .values({
        id: PLATFORM_MERCHANT_ID,
        name: PLATFORM_MERCHANT_NAME,
        email: "platform-merchant@tripbazaar.invalid",
        // SECURITY: no password hash verifies against "!", and the account is disabled.
        passwordHash: "!",
        role: "seller",
        status: "disabled",
      })
      .onConflictDoNothing(),
    db
      .insert(sellers)
      .values({ id: PLATFORM_MERCHANT_ID, name: PLATFORM_MERCHANT_NAME, email: "support@tripbazaar.example" })
      .onConflictDoNothing(),
  ] as const;
}
