import type { MetaFunction } from "@remix-run/cloudflare";
import { ComingSoon } from "~/components/coming-soon";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Settings · Superadmin panel | Tripbazaar" }];

export default function Page() {
  return <ComingSoon title="Settings" inDashboard />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
