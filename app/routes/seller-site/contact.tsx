import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { contactAction } from "~/components/seller/contact-action.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SellerContactPage, sellerContactMeta } from "~/components/seller/contact";
import { sellerMeta, siteFromMatches } from "~/lib/seller-site";

export const meta: MetaFunction = ({ matches }) => sellerMeta(siteFromMatches(matches), sellerContactMeta);

/** The page's message form (spec §2): to this seller's inbox. */
export const action = (args: ActionFunctionArgs) => contactAction(args);

export default function Page() {
  return <SellerContactPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
