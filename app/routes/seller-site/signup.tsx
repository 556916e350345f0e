import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { authAction, siteTargets } from "~/components/auth/auth-actions.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SellerSignupPage } from "~/components/seller/signup";
import { sellerMeta, siteFromMatches } from "~/lib/seller-site";

export const meta: MetaFunction = ({ matches }) =>
  sellerMeta(siteFromMatches(matches), { title: "Sign Up", path: "/signup", noindex: true });

export const action = (args: ActionFunctionArgs) => authAction(args, siteTargets(args.context));

export default function Page() {
  return <SellerSignupPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
