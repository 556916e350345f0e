import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { forgotPasswordAction } from "~/components/auth/auth-actions.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ForgotPasswordPage } from "~/components/auth/forgot-password-page";

export const meta: MetaFunction = () => [{ title: "Forgot password | Tripbazaar" }];

export const action = (args: ActionFunctionArgs) => forgotPasswordAction(args);

export default function Page() {
  return <ForgotPasswordPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
