import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MainSignupPage } from "~/components/auth/signup-page";

export default function Page() {
  return <MainSignupPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
