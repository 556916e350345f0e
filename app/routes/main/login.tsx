import type { MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MainLoginPage } from "~/components/auth/login-page";

export const meta: MetaFunction = () => [{ title: "Login | Tripbazaar" }];

export default function Page() {
  return <MainLoginPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
