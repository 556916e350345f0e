import type { MetaFunction } from "@remix-run/cloudflare";
import { ComingSoon } from "~/components/coming-soon";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "PDF template · Seller dashboard | Tripbazaar" }];

export default function Page() {
  return <ComingSoon title="PDF template" inDashboard />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
