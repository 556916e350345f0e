import type { MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SellerSigninPage } from "~/components/seller/signin";
import { sellerMeta, siteFromMatches } from "~/lib/seller-site";

export const meta: MetaFunction = ({ matches }) =>
  sellerMeta(siteFromMatches(matches), { title: "Sign In", path: "/login", noindex: true });

export const handle = { hideFooter: true };

export default function Page() {
  return <SellerSigninPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
