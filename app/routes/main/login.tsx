import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MainLoginPage } from "~/components/auth/login-page";

export default function Page() {
  return <MainLoginPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
