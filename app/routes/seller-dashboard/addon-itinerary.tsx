import type { MetaFunction } from "@remix-run/cloudflare";
import { ComingSoon } from "~/components/coming-soon";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Add-on itinerary · Seller dashboard | Tripbazaar" }];

export default function Page() {
  return <ComingSoon title="Add-on itinerary" inDashboard />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
