import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CustomerSettingsPage } from "~/components/seller/customer-settings";

export default function Page() {
  return <CustomerSettingsPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
