import type { MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SellerContactPage, sellerContactMeta } from "~/components/seller/contact";
import { sellerMeta, siteFromMatches } from "~/lib/seller-site";

export const meta: MetaFunction = ({ matches }) => sellerMeta(siteFromMatches(matches), sellerContactMeta);

export default function Page() {
  return <SellerContactPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
