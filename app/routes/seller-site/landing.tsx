import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SellerLanding } from "~/components/seller-landing";
import { loadSellerLanding } from "~/lib/seller-site.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const name = data?.site.websiteConfig.websiteName ?? "Website not found";
  return [{ title: name }, { name: "description", content: `Tour packages by ${name}` }];
};

export async function loader({ context }: LoaderFunctionArgs) {
  return loadSellerLanding(context);
}

export default function LandingRoute() {
  const { packages } = useLoaderData<typeof loader>();
  return <SellerLanding packages={packages} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
