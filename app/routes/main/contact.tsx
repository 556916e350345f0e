import type { MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MainContactPage } from "~/components/main/contact";

export const meta: MetaFunction = () => [{ title: "Contact | Tripbazaar" }];

export default function Page() {
  return <MainContactPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
