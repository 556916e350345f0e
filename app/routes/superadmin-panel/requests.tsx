import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SellerRequestsReview } from "~/components/seller-requests/review-list";
import { reviewAction, reviewLoader } from "~/components/seller-requests/review.server";
import { signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Seller requests · Superadmin panel | Tripbazaar" }];
export const headers = () => signedInHeaders;

export const loader = (args: LoaderFunctionArgs) => reviewLoader(args, "pending");
export const action = (args: ActionFunctionArgs) => reviewAction(args);

export default function Page() {
  return <SellerRequestsReview status="pending" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
