import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SellerAboutPage } from "~/components/seller/about";

export default function Page() {
  return <SellerAboutPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
