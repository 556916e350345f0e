import type { MetaFunction } from "@remix-run/cloudflare";
import { ComingSoon } from "~/components/coming-soon";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Verify email | Tripbazaar" }];

export default function Page() {
  return <ComingSoon title="Verify email" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
