import type { MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MainSignupPage } from "~/components/auth/signup-page";

export const meta: MetaFunction = () => [{ title: "Sign up | Tripbazaar" }];

export default function Page() {
  return <MainSignupPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
