import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ForgotPasswordPage } from "~/components/auth/forgot-password-page";

export default function Page() {
  return <ForgotPasswordPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
