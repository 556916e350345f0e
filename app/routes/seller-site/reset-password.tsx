import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { resetPasswordAction } from "~/components/auth/auth-actions.server";
import { requireSellerTenant } from "~/lib/seller-site.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ResetPasswordPage } from "~/components/auth/reset-password-page";
import { sellerMeta, siteFromMatches } from "~/lib/seller-site";

export const meta: MetaFunction = ({ matches }) =>
  sellerMeta(siteFromMatches(matches), { title: "Reset Password", path: "/forgot-password", noindex: true });

/** The new password; then this site's sign-in. */
export const action = (args: ActionFunctionArgs) => resetPasswordAction(args, `${requireSellerTenant(args.context).basePath}/login`);

export default function Page() {
  return <ResetPasswordPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
