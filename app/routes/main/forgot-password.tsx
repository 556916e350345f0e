import type { MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ForgotPasswordPage } from "~/components/auth/forgot-password-page";

export const meta: MetaFunction = () => [{ title: "Forgot password | Tripbazaar" }];

export default function Page() {
  return <ForgotPasswordPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
