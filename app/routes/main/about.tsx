import type { MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MainAboutPage } from "~/components/main/about";

export const meta: MetaFunction = () => [{ title: "About | Tripbazaar" }];

export default function Page() {
  return <MainAboutPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
