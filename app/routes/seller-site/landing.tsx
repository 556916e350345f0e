import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SellerLanding } from "~/components/seller-landing";
import { sellerMeta, siteFromMatches } from "~/lib/seller-site";
import { loadRecentPackages } from "~/lib/seller-site.server";

export const meta: MetaFunction<typeof loader> = ({ matches }) => sellerMeta(siteFromMatches(matches), { path: "/" });

export async function loader({ context }: LoaderFunctionArgs) {
  return { packages: await loadRecentPackages(context) };
}

export default function LandingRoute() {
  const { packages } = useLoaderData<typeof loader>();
  return <SellerLanding packages={packages} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
