import type { MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SellerSignupPage } from "~/components/seller/signup";
import { sellerMeta, siteFromMatches } from "~/lib/seller-site";

export const meta: MetaFunction = ({ matches }) =>
  sellerMeta(siteFromMatches(matches), { title: "Sign Up", path: "/signup", noindex: true });

export default function Page() {
  return <SellerSignupPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
