import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readVoucher } from "@worker/domain/vouchers/access";
import { downloadRefusal, voucherResponse } from "~/components/voucher/voucher.server";
import { signedInData } from "~/lib/session.server";

/**
 * The traveller's voucher PDF (ADR 0046), linked from their booking page and the approval email.
 * SECURITY: only the traveller who booked, and only once the booking is confirmed (409 before); another account
 * gets 403, a guest the login. The session check and the voucher's reads share one D1 round trip.
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  try {
    const voucher = await signedInData(context, "user", (userId) => readVoucher(context, { role: "user", userId }, params.id ?? ""));
    return await voucherResponse(context, voucher);
  } catch (error) {
    throw downloadRefusal(error);
  }
}
