import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ComingSoon } from "~/components/coming-soon";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MainFrame } from "~/components/main-frame";
import { SellerFrame } from "~/components/seller-frame";
import { loadSellerSite } from "~/lib/seller-site.server";
import sellerStyles from "~/styles/seller.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sellerStyles }];

export async function loader({ context }: LoaderFunctionArgs) {
  if (context.tenant.kind === "seller") return { kind: "seller" as const, site: await loadSellerSite(context) };
  return { kind: "main" as const };
}

export default function Page() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "seller") {
    return (
      <SellerFrame site={data.site}>
        <ComingSoon title="About us" />
      </SellerFrame>
    );
  }
  return (
    <MainFrame>
      <ComingSoon title="About Tripbazaar" />
    </MainFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
