import type { MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ResetPasswordPage } from "~/components/auth/reset-password-page";
import { sellerMeta, siteFromMatches } from "~/lib/seller-site";

export const meta: MetaFunction = ({ matches }) =>
  sellerMeta(siteFromMatches(matches), { title: "Reset Password", path: "/forgot-password", noindex: true });

export default function Page() {
  return <ResetPasswordPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
