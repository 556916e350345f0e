import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SellerSigninPage } from "~/components/seller/signin";

export const handle = { hideFooter: true };

export default function Page() {
  return <SellerSigninPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
