import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SellerLanding } from "~/components/seller-landing";
import { sellerMeta, siteFromMatches } from "~/lib/seller-site";
import { loadLanding } from "~/lib/seller-site.server";

export const meta: MetaFunction<typeof loader> = ({ matches }) => sellerMeta(siteFromMatches(matches), { path: "/" });

export async function loader({ context }: LoaderFunctionArgs) {
  return loadLanding(context);
}

export default function LandingRoute() {
  const { packages, highlights } = useLoaderData<typeof loader>();
  return <SellerLanding packages={packages} highlights={highlights} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
