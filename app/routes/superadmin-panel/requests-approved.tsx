import type { MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SellerRequestsReview } from "~/components/seller-requests/review-list";

export const meta: MetaFunction = () => [{ title: "Approved seller requests | Tripbazaar" }];

export default function Page() {
  return <SellerRequestsReview status="approved" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
