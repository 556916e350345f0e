import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MainFrame } from "~/components/main-frame";
import { MainHome } from "~/components/main-home";
import { SellerFrame } from "~/components/seller-frame";
import { SellerLanding } from "~/components/seller-landing";
import { SiteNotFound, siteNotFoundMeta } from "~/components/seller/site-not-found";
import { sellerMeta } from "~/lib/seller-site";
import { featuredCatalog } from "@worker/domain/catalog/service";
import { loadSellerLanding } from "~/lib/seller-site.server";
import sellerStyles from "~/styles/seller.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sellerStyles }];

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (data?.kind === "seller") return sellerMeta(data.site, { path: "/" });
  if (error) return siteNotFoundMeta;
  return [
    { title: "Tripbazaar" },
    { name: "description", content: "Book tour packages, flights and hotels with travel agents across India." },
  ];
};

export async function loader({ context }: LoaderFunctionArgs) {
  if (context.tenant.kind === "seller") return { kind: "seller" as const, ...(await loadSellerLanding(context)) };
  return { kind: "main" as const, featured: await featuredCatalog(context.db) };
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "seller") {
    return (
      <SellerFrame site={data.site}>
        <SellerLanding packages={data.packages} />
      </SellerFrame>
    );
  }
  return (
    <MainFrame>
      <MainHome featured={data.featured} />
    </MainFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <SiteNotFound /> }} />;
}
