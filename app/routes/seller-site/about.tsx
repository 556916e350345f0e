import type { MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SellerAboutPage, sellerAboutMeta } from "~/components/seller/about";
import { sellerMeta, siteFromMatches } from "~/lib/seller-site";

export const meta: MetaFunction = ({ matches }) => sellerMeta(siteFromMatches(matches), sellerAboutMeta);

export default function Page() {
  return <SellerAboutPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
