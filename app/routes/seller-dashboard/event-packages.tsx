import type { MetaFunction } from "@remix-run/cloudflare";
import { ComingSoon } from "~/components/coming-soon";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Event packages | Tripbazaar" }];

export default function Page() {
  return <ComingSoon title="Event packages" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
