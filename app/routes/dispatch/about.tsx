import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MainFrame } from "~/components/main-frame";
import { SellerFrame } from "~/components/seller-frame";
import { SellerAboutPage, sellerAboutMeta } from "~/components/seller/about";
import { SiteNotFound } from "~/components/seller/site-not-found";
import { MainAboutPage } from "~/components/main/about";
import { sellerMeta } from "~/lib/seller-site";
import { loadSellerSite } from "~/lib/seller-site.server";
import sellerStyles from "~/styles/seller.css?url";

/** Dispatch route (ADR 0002): the seller site's page on a custom domain, else the main site's. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: sellerStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.kind === "seller" ? sellerMeta(data.site, sellerAboutMeta) : [{ title: "About | Tripbazaar" }];

export async function loader({ context }: LoaderFunctionArgs) {
  if (context.tenant.kind === "seller") return { kind: "seller" as const, site: await loadSellerSite(context) };
  return { kind: "main" as const };
}

export default function Page() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "seller") {
    return (
      <SellerFrame site={data.site}>
        <SellerAboutPage />
      </SellerFrame>
    );
  }
  return (
    <MainFrame>
      <MainAboutPage />
    </MainFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <SiteNotFound /> }} />;
}
