import type { MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ResetPasswordPage } from "~/components/auth/reset-password-page";

export const meta: MetaFunction = () => [{ title: "Reset password | Tripbazaar" }];

export default function Page() {
  return <ResetPasswordPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
