import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { todayInIndia } from "@worker/domain/bookings/transitions";
import { readVoucherDesign } from "@worker/domain/vouchers/template";
import { sampleVoucherView } from "@worker/domain/vouchers/view";
import { downloadRefusal, voucherResponse } from "~/components/voucher/voucher.server";
import { signedInData } from "~/lib/session.server";

/** The pdf-template page's preview: a sample booking in the seller's saved design, shown in place. */
export async function loader({ context }: LoaderFunctionArgs) {
  try {
    const { template, seller } = await signedInData(context, "seller", (sellerId) => readVoucherDesign(context, sellerId));
    const view = sampleVoucherView({ name: seller?.name ?? "Your company", phone: seller?.phone ?? null }, todayInIndia(context.now));
    return await voucherResponse(context, { view, template, logo: template.logo ?? seller?.logo ?? null }, "inline");
  } catch (error) {
    throw downloadRefusal(error);
  }
}
