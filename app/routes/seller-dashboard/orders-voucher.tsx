import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readVoucher } from "@worker/domain/vouchers/access";
import { downloadRefusal, voucherResponse } from "~/components/voucher/voucher.server";
import { signedInData } from "~/lib/session.server";

/**
 * Download voucher on the seller's order page (ADR 0046): any of the seller's own bookings, in any status (the
 * voucher prints it). SECURITY: another seller's booking is refused (403); the seller id is the session's.
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  try {
    const voucher = await signedInData(context, "seller", (sellerId) =>
      readVoucher(context, { role: "seller", sellerId }, params.id ?? ""),
    );
    return await voucherResponse(context, voucher);
  } catch (error) {
    throw downloadRefusal(error);
  }
}
