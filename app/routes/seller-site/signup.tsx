import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SellerSignupPage } from "~/components/seller/signup";

export default function Page() {
  return <SellerSignupPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
