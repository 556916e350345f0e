import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SellerContactPage } from "~/components/seller/contact";

export default function Page() {
  return <SellerContactPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
