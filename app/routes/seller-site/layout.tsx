import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, useMatches } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SellerFrame } from "~/components/seller-frame";
import { SiteNotFound } from "~/components/seller/site-not-found";
import { loadSellerSite } from "~/lib/seller-site.server";
import sellerStyles from "~/styles/seller.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sellerStyles }];

/**
 * The site, and whether the visitor has a session cookie (the edge verified it; no D1 read): the header's
 * Login becomes Dashboard in the server's HTML. A signed-in visitor's page is never cached (ADR 0007), so a
 * cached page always says Login.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  return { site: await loadSellerSite(context), signedIn: context.viewer !== null };
}

export default function SellerLayout() {
  const { site, signedIn } = useLoaderData<typeof loader>();
  const matches = useMatches();
  const hideFooter = matches.some((m) => (m.handle as { hideFooter?: boolean } | undefined)?.hideFooter);
  return (
    <SellerFrame site={site} signedIn={signedIn} hideFooter={hideFooter}>
      <Outlet />
    </SellerFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <SiteNotFound /> }} />;
}

export { SiteNotFound };
