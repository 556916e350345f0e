import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SellerRequestsReview } from "~/components/seller-requests/review-list";
import { reviewLoader } from "~/components/seller-requests/review.server";
import { signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Approved seller requests · Superadmin panel | Tripbazaar" }];
export const headers = () => signedInHeaders;

export const loader = (args: LoaderFunctionArgs) => reviewLoader(args, "approved");

export default function Page() {
  return <SellerRequestsReview status="approved" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
