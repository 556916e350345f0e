import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readVoucher } from "@worker/domain/vouchers/access";
import { downloadRefusal, voucherResponse } from "~/components/voucher/voucher.server";
import { requireSellerTenant } from "~/lib/seller-site.server";
import { signedInData } from "~/lib/session.server";

/**
 * The traveller's voucher on the seller's own site (ADR 0046), as on the main site. SECURITY: only the traveller's
 * own confirmed booking with this seller; another seller's booking reads as missing here (404), as on the site's
 * booking page; nobody signed in gets a 401 (the site's booking page carries the sign-in).
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const { sellerId } = requireSellerTenant(context);
  try {
    if (!context.viewer)
      throw new Response("Please log in to download your voucher", {
        status: 401,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    const voucher = await signedInData(context, "user", (userId) =>
      readVoucher(context, { role: "user", userId, siteSellerId: sellerId }, params.id ?? ""),
    );
    return await voucherResponse(context, voucher);
  } catch (error) {
    throw downloadRefusal(error);
  }
}
