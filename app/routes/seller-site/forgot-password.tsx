import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { forgotPasswordAction } from "~/components/auth/auth-actions.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ForgotPasswordPage } from "~/components/auth/forgot-password-page";
import { sellerMeta, siteFromMatches } from "~/lib/seller-site";

export const meta: MetaFunction = ({ matches }) =>
  sellerMeta(siteFromMatches(matches), { title: "Forgot Password", path: "/forgot-password", noindex: true });

export const action = (args: ActionFunctionArgs) => forgotPasswordAction(args);

export default function Page() {
  return <ForgotPasswordPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
