import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ResetPasswordPage } from "~/components/auth/reset-password-page";

export default function Page() {
  return <ResetPasswordPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
