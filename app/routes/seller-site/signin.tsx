import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { authAction, siteTargets } from "~/components/auth/auth-actions.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SellerSigninPage } from "~/components/seller/signin";
import { sellerMeta, siteFromMatches } from "~/lib/seller-site";

export const meta: MetaFunction = ({ matches }) =>
  sellerMeta(siteFromMatches(matches), { title: "Sign In", path: "/login", noindex: true });

export const handle = { hideFooter: true };

export const action = (args: ActionFunctionArgs) => authAction(args, siteTargets(args.context));

export default function Page() {
  return <SellerSigninPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
